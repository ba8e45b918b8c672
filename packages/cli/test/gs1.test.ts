import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../server/src/modules/apikeys/apikeys.scopes.js';
import { listeningTestApp, type TestApp } from '../../../server/test/helpers/app.js';
import { engines } from '../../../server/test/helpers/engines.js';
import { buildCli, type CliRun, repoRoot, runCli } from './run-cli.js';

/** `rq gs1 list|get|create|update|delete|import` against a real server. */

const SECRET = 'cli-gs1-secret';

type Listening = TestApp & { base: string };

function expectExit(run: CliRun, code: number): void {
  if (run.code !== code) {
    throw new Error(`expected exit ${code}, got ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  }
}

describe.each(engines)('rq gs1 on $name', (engine) => {
  let t: Listening;
  let home: string;
  let keyed: Record<string, string>;
  const rq = (...args: string[]) => runCli(args, { env: keyed });

  beforeAll(async () => {
    buildCli();
    t = await listeningTestApp(engine, { env: { MARKETPLACE_PROXY_SECRET: SECRET } });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { 'x-rapidapi-proxy-secret': SECRET, 'x-rapidapi-user': 'gs1-cli' },
    });
    const workspaceId = (me.json() as { id: string }).id;
    const { key } = await t.app.apiKeys.create(
      { workspaceId, actor: { type: 'user', id: 'marketplace:gs1-cli', email: null } },
      { name: 'cli', scopes: [...SCOPES] },
    );
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-gs1-'));
    keyed = {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      NO_COLOR: '1',
      RQ_API_KEY: key,
      RQ_SERVER: t.base,
    };
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('registers, shows, lists, changes and deletes an item, and the resolver follows', async () => {
    const created = await rq(
      'gs1',
      'create',
      '--gtin',
      '09506000134352',
      '--link',
      'gs1:pip=https://example.com/p',
      '--link',
      'gs1:recipeInfo=https://example.com/r',
      '--default',
      'gs1:pip',
      '--json',
    );
    expectExit(created, 0);
    const item = JSON.parse(created.stdout) as { id: string; links: unknown[] };
    expect(item.links).toHaveLength(2);
    const scan = async () =>
      (await fetch(`${t.base}/01/09506000134352`, { redirect: 'manual' })).headers.get('location');
    expect(await scan()).toBe('https://example.com/p');

    const [shown, listed, filtered] = await Promise.all([
      rq('gs1', 'get', item.id),
      rq('gs1', 'list'),
      rq('gs1', 'list', '--ai', '414', '--json'),
    ]);
    expectExit(shown, 0);
    expect(shown.stdout).toContain('(01) 09506000134352');
    expect(shown.stdout).toContain('https://example.com/r');
    expect(listed.stdout).toContain(item.id);
    expect(JSON.parse(filtered.stdout).data).toEqual([]);

    expectExit(await rq('gs1', 'update', item.id, '--default', 'gs1:recipeInfo'), 0);
    expect(await scan()).toBe('https://example.com/r');
    // A bad link is the server's 400, with its field path.
    const bad = await rq('gs1', 'update', item.id, '--link', 'gs1:pip=ftp://example.com/x');
    expectExit(bad, 5);
    expect(bad.stderr).toContain('/body/links/0/href');
    expectExit(await rq('gs1', 'update', item.id), 2);
    expectExit(await rq('gs1', 'create', '--link', 'gs1:pip'), 2);

    expectExit(await rq('gs1', 'delete', item.id), 0);
    expectExit(await rq('gs1', 'get', item.id), 4);
    expect(await scan()).toBeNull();
  });

  it("imports the reference resolver's documents and a spreadsheet, with a dry run", async () => {
    const documents = path.join(
      repoRoot,
      'server/test/fixtures/gs1/reference-resolver/test_01_09506000134376.json',
    );
    const dry = await rq('gs1', 'import', documents, '--dry-run', '--json');
    expectExit(dry, 0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, errors: [] });
    expectExit(await rq('gs1', 'import', documents), 0);
    const lot = await fetch(`${t.base}/01/09506000134376/10/LOT01`, { redirect: 'manual' });
    expect(lot.headers.get('location')).toBe('https://dalgiardino.com/medicinal-compound/pil.html?lot=LOT01');

    const sheet = path.join(home, 'items.csv');
    fs.writeFileSync(
      sheet,
      'gtin,linkType,href,title,default\n9506000134369,gs1:pip,https://example.com/s,Sheet,yes\n12,gs1:pip,https://example.com/x,X,\n',
    );
    const refused = await rq('gs1', 'import', sheet);
    expectExit(refused, 5);
    expect(`${refused.stdout}${refused.stderr}`).toContain('gtin');
    const perRow = await rq('gs1', 'import', sheet, '--per-row', '--json');
    expect(JSON.parse(perRow.stdout)).toMatchObject({ rows: 2, created: 1 });
    expectExit(await rq('gs1', 'import', sheet, '--format', 'yaml'), 2);
  });
});
