import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../server/src/modules/apikeys/apikeys.scopes.js';
import { listeningTestApp, type TestApp } from '../../../server/test/helpers/app.js';
import { buildCli, repoRoot, runCli } from './run-cli.js';

const SECRET = 'cli-pack-secret';

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** What a user gets from the registry: the two tarballs npm pack writes, installed into an empty folder. */
describe('the packed CLI', () => {
  let t: TestApp & { base: string };
  let folder: string;

  beforeAll(async () => {
    buildCli();
    t = await listeningTestApp({ name: 'sqlite' }, { env: { MARKETPLACE_PROXY_SECRET: SECRET } });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-pack-'));
  });
  afterAll(async () => {
    await t?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('installs from npm pack tarballs into an empty folder and works there', async () => {
    const packed = JSON.parse(
      npm(
        ['pack', '--json', '--pack-destination', folder, '-w', 'packages/client', '-w', 'packages/cli'],
        repoRoot,
      ),
    ) as { name: string; filename: string; files: { path: string }[] }[];
    const cliFiles = packed.find((p) => p.name === '@rq/cli')?.files.map((f) => f.path) ?? [];
    expect(cliFiles).toContain('dist/bin.js');
    expect(cliFiles.some((file) => file.startsWith('src/') || file.startsWith('test/'))).toBe(false);
    const app = path.join(folder, 'app');
    fs.mkdirSync(app);
    npm(['install', '--no-audit', '--no-fund', ...packed.map((p) => path.join(folder, p.filename))], app);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { 'x-rapidapi-proxy-secret': SECRET, 'x-rapidapi-user': 'pack-user' },
    });
    const { key } = await t.app.apiKeys.create(
      {
        workspaceId: (me.json() as { id: string }).id,
        actor: { type: 'user', id: 'marketplace:pack-user', email: null },
      },
      { name: 'pack', scopes: [...SCOPES] },
    );
    // node_modules/.bin/rq as a shell finds it: its #! line runs the `node` first on PATH (this Node).
    const bin = path.join(app, 'node_modules/.bin/rq');
    const env = {
      HOME: folder,
      XDG_CONFIG_HOME: path.join(folder, 'config'),
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      RQ_SERVER: t.base,
      RQ_API_KEY: key,
    };
    const [help, created] = await Promise.all([
      runCli(['--help'], { env, command: bin }),
      runCli(['codes', 'create', '--target', 'https://example.com/packed', '--slug', 'packed', '--json'], {
        env,
        command: bin,
      }),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: rq');
    expect(created.code).toBe(0);
    expect(created.json()).toMatchObject({ slug: 'packed', target: 'https://example.com/packed' });
  });
});
