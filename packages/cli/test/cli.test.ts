import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../server/src/modules/apikeys/apikeys.scopes.js';
import { listeningTestApp, type TestApp } from '../../../server/test/helpers/app.js';
import { engines } from '../../../server/test/helpers/engines.js';
import { waitFor } from '../../../server/test/helpers/wait-for.js';
import { buildCli, type CliRun, repoRoot, runCli } from './run-cli.js';

const SECRET = 'cli-test-secret';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type Listening = TestApp & { base: string };

/**
 * The API key the CLI logs in with, made by the apikeys service for a marketplace account (reached
 * with the proxy secret): no Firebase emulator needed. Every scope the commands use.
 */
async function apiKeyFor(t: Listening, user: string): Promise<string> {
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me',
    headers: { 'x-rapidapi-proxy-secret': SECRET, 'x-rapidapi-user': user },
  });
  const workspaceId = (me.json() as { id: string }).id;
  const created = await t.app.apiKeys.create(
    { workspaceId, actor: { type: 'user', id: `marketplace:${user}`, email: null } },
    { name: 'cli', scopes: [...SCOPES] },
  );
  return created.key;
}

function expectExit(run: CliRun, code: number): void {
  if (run.code !== code) {
    throw new Error(`expected exit ${code}, got ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  }
}

/**
 * On SQLite only: `rq` sees the API, never the database, and the server's own tests check the
 * API's answers on both engines against the OpenAPI document. Run on both, this file was the
 * slowest of the suite (about 80 runs of `rq` an engine, 104 s).
 */
const sqliteOnly = engines.filter((engine) => engine.name === 'sqlite');

describe.each(sqliteOnly)('rq against the real server on $name', (engine) => {
  let t: Listening;
  let key: string;
  let home: string;
  /** No key: what a user has before rq login. */
  let env: Record<string, string>;
  /** The key and server from the environment (RQ_API_KEY, RQ_SERVER), so each test stands alone. */
  let keyed: Record<string, string>;
  const rq = (...args: string[]) => runCli(args, { env: keyed });
  const rqAnonymous = (...args: string[]) => runCli(args, { env });

  beforeAll(async () => {
    buildCli();
    t = await listeningTestApp(engine, { env: { MARKETPLACE_PROXY_SECRET: SECRET } });
    key = await apiKeyFor(t, 'cli-user');
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-cli-'));
    env = { HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), NO_COLOR: '1' };
    keyed = { ...env, RQ_API_KEY: key, RQ_SERVER: t.base };
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('logs in only with a working key, into a file only its owner reads, and out again', async () => {
    const file = path.join(home, 'config/rq/config.json');
    const [help, noLogin, wrongKey, usage] = await Promise.all([
      rqAnonymous('--help'),
      rqAnonymous('codes', 'list'),
      rqAnonymous('login', '--server', t.base, '--key', 'rq_wrong_key_000000000000'),
      rqAnonymous('codes', 'frobnicate'),
    ]);
    expectExit(help, 0);
    expect(help.stdout).toContain('Exit codes');
    expectExit(noLogin, 3);
    expect(noLogin.stderr).toContain('rq login');
    expectExit(wrongKey, 3);
    expect(fs.existsSync(file)).toBe(false);
    expectExit(usage, 2);
    expect(usage.stderr).toContain("unknown command 'frobnicate'");

    // The key from stdin (as a script pipes it), the server from the flag.
    const login = await runCli(['login', '--server', t.base], { env, input: `${key}\n` });
    expectExit(login, 0);
    expect(login.stdout).toContain(`Logged in to ${t.base}`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ server: t.base, apiKey: key });
    const whoami = await rqAnonymous('whoami', '--json');
    expectExit(whoami, 0);
    expect(whoami.json()).toMatchObject({ id: expect.stringMatching(/^acct_/) });
    const logout = await rqAnonymous('logout');
    expect(logout.stdout).toContain('Logged out');
    expect(fs.existsSync(file)).toBe(false);

    // The key from the global --api-key, as --help documents it ("the API key"), and from --key.
    for (const keyFlag of ['--api-key', '--key']) {
      const flagged = await rqAnonymous('login', '--server', t.base, keyFlag, key);
      expectExit(flagged, 0);
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ server: t.base, apiKey: key });
      expectExit(await rqAnonymous('logout'), 0);
    }
    const wrongGlobal = await rqAnonymous(
      'login',
      '--server',
      t.base,
      '--api-key',
      'rq_wrong_key_000000000000',
    );
    expectExit(wrongGlobal, 3);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('creates, lists across pages, shows, changes, downloads and deletes codes', async () => {
    const created = await rq(
      'codes',
      'create',
      '--target',
      'https://example.com/a',
      '--slug',
      'cli-a',
      '--tag',
      'cli',
      '--json',
    );
    expectExit(created, 0);
    const a = created.json<{ id: string; slug: string; tags: string[] }>();
    expect(a).toMatchObject({ slug: 'cli-a', tags: ['cli'], mode: 'redirect' });
    const [human, staticCode] = await Promise.all([
      rq(
        'codes',
        'create',
        '--target',
        'https://example.com/b',
        '--slug',
        'cli-b',
        '--title',
        'Bee',
        '--tag',
        'cli',
      ),
      rq('codes', 'create', '--data', '{"kind":"text","text":"hello"}', '--tag', 'cli', '--json'),
    ]);
    expectExit(human, 0);
    expect(human.stdout).toMatch(/Short URL\s+http:\/\/.*\/cli-b/);
    expect(staticCode.json()).toMatchObject({ mode: 'static', data: { kind: 'text', text: 'hello' } });

    const [onePage, allPages, table, got, missing, invalid, taken] = await Promise.all([
      rq('codes', 'list', '--tag', 'cli', '--limit', '2', '--json'),
      rq('codes', 'list', '--tag', 'cli', '--limit', '2', '--all', '--json'),
      rq('codes', 'list', '--tag', 'cli'),
      rq('codes', 'get', a.id, '--json'),
      rq('codes', 'get', 'qr_doesnotexist'),
      rq('codes', 'create', '--target', 'not a url', '--slug', 'cli-bad'),
      rq('codes', 'create', '--target', 'https://example.com/again', '--slug', 'cli-a'),
    ]);
    const first = onePage.json<{ data: unknown[]; nextCursor: string | null }>();
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const all = allPages.json<{ data: { id: string }[]; nextCursor: string | null }>();
    expect(all.data).toHaveLength(3);
    expect(all.nextCursor).toBeNull();
    expect(new Set(all.data.map((c) => c.id)).size).toBe(3);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+SHORT URL\s+MODE\s+TARGET/);
    expect(table.stdout).toContain('Bee');
    expect(got.json()).toMatchObject({ id: a.id, target: 'https://example.com/a' });
    expectExit(missing, 4);
    expectExit(invalid, 5);
    expect(invalid.stderr).toMatch(/^error: \/body\/target: /m);
    // The problem's detail, then each field path with its message.
    expectExit(taken, 5);
    expect(taken.stderr).toMatch(
      /^error: The slug "cli-a" is already taken.*\n {2}\/body\/slug: is already taken$/m,
    );

    const [updated, png, svg, badFormat] = await Promise.all([
      rq('codes', 'update', a.id, '--title', 'Renamed', '--disable', '--json'),
      rq(
        'codes',
        'image',
        a.id,
        '--format',
        'png',
        '--size',
        '128',
        '-o',
        path.join(home, 'a.png'),
        '--json',
      ),
      rq('codes', 'image', a.id, '-o', '-'),
      rq('codes', 'image', a.id, '--format', 'gif'),
    ]);
    expect(updated.json()).toMatchObject({ title: 'Renamed', enabled: false });
    expectExit(png, 0);
    expect(fs.readFileSync(path.join(home, 'a.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(png.json()).toMatchObject({ bytes: fs.statSync(path.join(home, 'a.png')).size });
    expect(svg.stdout).toMatch(/^<svg|^<\?xml/);
    expectExit(badFormat, 2);

    const zip = await rq(
      'codes',
      'images',
      '--tag',
      'cli',
      '--format',
      'png',
      '-o',
      path.join(home, 'cli.zip'),
    );
    expectExit(zip, 0);
    expect(fs.readFileSync(path.join(home, 'cli.zip')).subarray(0, 2).toString()).toBe('PK');

    const deleted = await rq('codes', 'delete', a.id, '--json');
    expect(deleted.json()).toEqual({ deleted: [a.id] });
    expectExit(await rq('codes', 'get', a.id), 4);
  });

  it("manages rules and a code's rules", async () => {
    const rule = (
      await rq(
        'rules',
        'create',
        '--name',
        'iPhones',
        '--when',
        '{"os":["ios"]}',
        '--redirect',
        'https://apps.apple.com/app/id1',
        '--json',
      )
    ).json<{ id: string }>();
    const code = (await rq('codes', 'create', '--target', 'https://example.com/r', '--json')).json<{
      id: string;
    }>();
    // Read before the rename below, which would otherwise race it.
    const got = await rq('rules', 'get', rule.id);
    const [list, updated, set, badWhen] = await Promise.all([
      rq('rules', 'list', '--json'),
      rq('rules', 'update', rule.id, '--name', 'Apple phones', '--json'),
      rq('rules', 'code', code.id, '--set', rule.id, '--json'),
      rq(
        'rules',
        'create',
        '--name',
        'bad',
        '--when',
        '{"os":["beos"]}',
        '--redirect',
        'https://example.com',
      ),
    ]);
    expect(list.json<{ data: { id: string }[] }>().data.map((r) => r.id)).toContain(rule.id);
    expect(got.stdout).toContain('iPhones');
    expect(updated.json()).toMatchObject({ name: 'Apple phones' });
    expect(set.json()).toEqual({ rules: [rule.id] });
    expectExit(badWhen, 5);
    expect(badWhen.stderr).toMatch(/\/when/);
    const shown = await rq('rules', 'code', code.id);
    expect(shown.stdout).toContain(`1. ${rule.id}`);
    expectExit(await rq('rules', 'delete', rule.id), 0);
    expect((await rq('rules', 'code', code.id, '--json')).json()).toEqual({ rules: [] });
  });

  it('manages hostnames', async () => {
    const added = await rq('hostnames', 'add', 'qr.cli-test.example', '--json');
    expectExit(added, 0);
    const host = added.json<{ id: string; status: string }>();
    expect(host.status).toBe('pending');
    const [list, got, updated] = await Promise.all([
      rq('hostnames', 'list'),
      rq('hostnames', 'get', host.id),
      rq('hostnames', 'update', host.id, '--root-redirect', 'https://example.com/home', '--json'),
    ]);
    expect(list.stdout).toContain('qr.cli-test.example');
    expect(got.stdout).toMatch(/TXT record\s+_rq-challenge\.qr\.cli-test\.example = rq-verify=/);
    expect(updated.json()).toMatchObject({ rootRedirect: 'https://example.com/home' });
    expectExit(await rq('hostnames', 'delete', host.id), 0);
    expectExit(await rq('hostnames', 'get', host.id), 4);
  });

  it('shows analytics, exports scans and prints scans live', async () => {
    const code = (
      await rq('codes', 'create', '--target', 'https://example.com/s', '--slug', 'cli-live', '--json')
    ).json<{
      id: string;
    }>();
    let scanned = false;
    const live = runCli(['analytics', 'live', '--count', '1', '--json'], {
      env: keyed,
      timeoutMs: 20_000,
      onStderr: (text) => {
        // The stream is open once rq says it waits: scan then, so the scan is not missed.
        if (!scanned && text.includes('Waiting for scans')) {
          scanned = true;
          void fetch(`${t.base}/r/cli-live`, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
        }
      },
    });
    const liveRun = await live;
    expectExit(liveRun, 0);
    const event = liveRun.json<{ qrcode: string; os: string }>();
    expect(event).toMatchObject({ qrcode: code.id, os: 'ios' });

    // Scans are stored within a second or so; the summary counts them once they are.
    const summary = await waitFor(
      async () => {
        const answer = (await rq('analytics', 'summary', '--code', code.id, '--json')).json<{
          total: number;
        }>();
        return answer.total > 0 && answer;
      },
      'the live scan in the summary',
      { timeoutMs: 10_000, everyMs: 200 },
    );
    expect(summary).toMatchObject({ total: 1, unique: 1 });
    const [breakdown, exported, badZone] = await Promise.all([
      rq('analytics', 'breakdown', '--by', 'os', '--range', '7d'),
      rq('analytics', 'export', '--code', code.id, '-o', path.join(home, 'scans.csv')),
      rq('analytics', 'summary', '--time-zone', 'Mars/Olympus'),
    ]);
    expect(breakdown.stdout).toMatch(/^OS\s+SCANS\s+UNIQUE\s+CONVERSIONS\s+REVENUE\s*\n.*ios\s+1\s+1\s+0/m);
    expectExit(exported, 0);
    const csv = fs.readFileSync(path.join(home, 'scans.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(code.id);
    expectExit(badZone, 5);
  });

  it('reports conversions with the rq_id a scan handed its target, uploads a CSV and reads experiments', async () => {
    const settings = await rq('conversions', 'settings', '--attribution', 'on', '--json');
    expectExit(settings, 0);
    expect(settings.json()).toMatchObject({ attribution: { enabled: true, parameter: 'rq_id' } });
    const code = (
      await rq('codes', 'create', '--target', 'https://example.com/shop', '--slug', 'cli-sale', '--json')
    ).json<{ id: string }>();
    const scans = await Promise.all(
      [0, 1].map(() =>
        fetch(`${t.base}/r/cli-sale`, { redirect: 'manual', headers: { 'user-agent': IPHONE } }),
      ),
    );
    const [first, second] = scans.map((r) =>
      new URL(r.headers.get('location') as string).searchParams.get('rq_id'),
    );
    expect(first).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const args = [
      'conversions',
      'report',
      '--scan',
      first as string,
      '--amount',
      '1999',
      '--currency',
      'EUR',
    ];
    const reported = await rq(...args, '--external-id', 'cli-order-1', '--json');
    expectExit(reported, 0);
    const conversion = reported.json<{ id: string; credit: { qrcode: string } }>();
    expect(conversion.credit.qrcode).toBe(code.id);
    // Reported again: the same conversion, counted once.
    expect((await rq(...args, '--external-id', 'cli-order-1', '--json')).json<{ id: string }>().id).toBe(
      conversion.id,
    );
    expectExit(await rq('conversions', 'report', '--scan', 'unknown-scan-id', '--type', 'lead'), 5);

    const file = path.join(home, 'sales.csv');
    fs.writeFileSync(
      file,
      `scanId,type,amount,currency,externalId\n${second},sale,500,EUR,cli-order-2\nnope,lead,,,\n`,
    );
    const dryRun = await rq('conversions', 'upload', file, '--dry-run', '--json');
    expectExit(dryRun, 5);
    expect(dryRun.json()).toMatchObject({ dryRun: true, rows: 2, created: 1, errors: [{ row: 1 }] });
    const listed = await rq('conversions', 'list', '--json');
    expect(listed.json<{ data: unknown[] }>().data).toHaveLength(1);

    const summary = await rq('analytics', 'summary', '--code', code.id, '--json');
    expect(summary.json()).toMatchObject({ total: 2, conversions: 1, revenue: { EUR: 1999 } });
    const human = await rq('analytics', 'summary', '--code', code.id);
    expect(human.stdout).toMatch(/Conversions\s+1/);
    expectExit(await rq('experiments', 'list'), 0);
  });

  it('imports a peer export (dry run first, all or nothing, then per row) and exports the codes as CSV and JSON', async () => {
    const bitly = path.join(repoRoot, 'server/test/fixtures/import/bitly.csv');
    const [dryRun, noFormat] = await Promise.all([
      rq('import', bitly, '--format', 'bitly', '--dry-run'),
      rq('import', path.join(home, 'links.txt')),
    ]);
    // One row's target is not a URL: reported with its field path, exit 5, the others pass.
    expectExit(dryRun, 5);
    expect(dryRun.stdout).toMatch(/^4 rows: 3 would be created, 1 skipped, 1 with errors, 3 changed\./m);
    expect(dryRun.stdout).toMatch(/^4\s+.*\/target/m);
    expect(dryRun.stdout).toContain('add --per-row to create the 3 that pass');
    expect(dryRun.stdout).toMatch(/^1\s+\/hostname: bit\.ly is not a verified hostname/m);
    expectExit(noFormat, 2);
    const before = (await rq('codes', 'list', '--tag', 'spring', '--json')).json<{ data: unknown[] }>();
    expect(before.data).toHaveLength(0);

    // As one import, the bad row refuses the file: nothing is made, the row is named.
    const [refused, refusedJson] = await Promise.all([
      rq('import', bitly, '--format', 'bitly'),
      rq('import', bitly, '--format', 'bitly', '--json'),
    ]);
    expectExit(refused, 5);
    expect(refused.stdout).toMatch(/^Nothing was imported: 1 of 4 rows have a problem\./m);
    expect(refused.stdout).toMatch(/^4\s+\/target: /m);
    expectExit(refusedJson, 5);
    expect(refusedJson.json()).toMatchObject({ code: 'unprocessable', rows: 4, failedRows: [{ row: 4 }] });
    expect((await rq('codes', 'list', '--tag', 'spring', '--json')).json<{ data: unknown[] }>().data).toEqual(
      [],
    );

    const imported = await rq('import', bitly, '--format', 'bitly', '--per-row', '--json');
    expectExit(imported, 5);
    expect(imported.json()).toMatchObject({ rows: 4, created: 3, skipped: 1, errors: [{ row: 4 }] });
    const [csv, json] = await Promise.all([
      rq('export', '--tag', 'spring'),
      rq('export', '--format', 'json', '--tag', 'spring', '-o', path.join(home, 'codes.json'), '--json'),
    ]);
    expectExit(csv, 0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id,slug,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('https://example.com/spring-menu');
    expect(json.json()).toMatchObject({ file: path.join(home, 'codes.json') });
    expect(fs.readFileSync(path.join(home, 'codes.json'), 'utf8')).toContain('spring-menu');
  });

  it("prints each problem of a dry run once, on its row: the issue's Bitly file", async () => {
    const file = path.join(home, 'bitly-issue.csv');
    fs.writeFileSync(
      file,
      [
        'Title,Long URL,Short link,Created,Clicks,Tags',
        'Spring sale,https://example.com/spring-sale?x=1,bit.ly/3abcDEF,2024-03-01 10:00:00,12,"promo,spring"',
        'Café Menü ☕,https://example.com/café,https://bit.ly/cafe-menu,2024-03-02 10:00:00,3,',
        'Broken,javascript:alert(1),bit.ly/broken1,2024-03-03 10:00:00,0,',
        'No url,,bit.ly/nourl1,2024-03-03 10:00:00,0,',
        'Short slug,https://example.com/ab,bit.ly/ab,2024-03-03 10:00:00,0,',
        'Dup,https://example.com/dup,bit.ly/3abcDEF,2024-03-03 10:00:00,0,',
        '',
      ].join('\n'),
    );
    const [dryRun, asJson] = await Promise.all([
      rq('import', file, '--format', 'bitly', '--dry-run'),
      rq('import', file, '--format', 'bitly', '--dry-run', '--json'),
    ]);
    expectExit(dryRun, 5);
    expect(dryRun.stdout).toMatch(/^6 rows: 2 would be created, 4 skipped, 4 with errors, 2 changed\./m);
    const report = asJson.json<{ errors: { row: number; problem: { errors: { message: string }[] } }[] }>();
    expect(report.errors.map((e) => e.row)).toEqual([3, 4, 5, 6]);
    const table = dryRun.stdout.split('\n');
    for (const { row, problem } of report.errors) {
      const lines = table.filter((line) => new RegExp(`^${row}\\s`).test(line));
      // One line for the row, and each of its problems said once on it.
      expect(lines.filter((line) => /\/(target|slug)/.test(line))).toHaveLength(1);
      for (const { message } of problem.errors)
        expect(lines.join('\n').split(message).length - 1, `${row}: ${message}`).toBe(1);
    }
    // Slugs kept: the two good rows pass with their Bitly back-halves.
    expect(dryRun.stdout).not.toMatch(/^[12]\s+\/slug/m);
  });

  it('manages webhooks', async () => {
    const created = await rq(
      'webhooks',
      'create',
      '--url',
      'https://example.com/hooks/rq',
      '--event',
      'qrcode.created',
      '--json',
    );
    expectExit(created, 0);
    const hook = created.json<{ id: string; secret: string }>();
    expect(hook.secret).toMatch(/^whsec_/);
    const [list, got, updated, rotated, tested] = await Promise.all([
      rq('webhooks', 'list', '--json'),
      rq('webhooks', 'get', hook.id),
      rq(
        'webhooks',
        'update',
        hook.id,
        '--description',
        'CRM',
        '--event',
        'qrcode.created,qrcode.deleted',
        '--json',
      ),
      rq('webhooks', 'rotate-secret', hook.id, '--json'),
      rq('webhooks', 'test', hook.id),
    ]);
    expect(list.json<{ data: { id: string }[] }>().data.map((w) => w.id)).toEqual([hook.id]);
    expect(got.stdout).toContain('https://example.com/hooks/rq');
    expect(updated.json()).toMatchObject({
      description: 'CRM',
      events: ['qrcode.created', 'qrcode.deleted'],
    });
    expect(rotated.json<{ secret: string }>().secret).not.toBe(hook.secret);
    expectExit(tested, 0);
    const deliveries = (await rq('webhooks', 'deliveries', hook.id, '--json')).json<{
      data: { eventType: string }[];
    }>();
    expect(deliveries.data.map((d) => d.eventType)).toContain('webhook.test');
    expectExit(await rq('webhooks', 'delete', hook.id), 0);
    expectExit(await rq('webhooks', 'get', hook.id), 4);
  });

  it('waits out a real 429 as Retry-After says and goes on', async () => {
    // One request a second per key: the second page of a list is over budget until the window ends.
    const limited = await listeningTestApp(engine, {
      env: { MARKETPLACE_PROXY_SECRET: SECRET, API_RATE_LIMIT: '1', RATE_LIMIT_WINDOW_MS: '1000' },
    });
    try {
      const limitedKey = await apiKeyFor(limited, 'cli-limited');
      for (const slug of ['limited-1', 'limited-2']) {
        await limited.app.inject({
          method: 'POST',
          url: '/api/v1/qrcodes',
          headers: { 'x-rapidapi-proxy-secret': SECRET, 'x-rapidapi-user': 'cli-limited' },
          payload: { mode: 'redirect', target: 'https://example.com/', slug },
        });
      }
      const run = await runCli(['codes', 'list', '--limit', '1', '--all', '--json'], {
        env: { ...env, RQ_API_KEY: limitedKey, RQ_SERVER: limited.base },
      });
      expectExit(run, 0);
      expect(run.json<{ data: unknown[] }>().data).toHaveLength(2);
      expect(run.stderr).toMatch(/Rate limited \(429\): the server asks to wait 1 s/);
    } finally {
      await limited.close();
    }
  });
});
