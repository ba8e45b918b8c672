import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRedirectRow,
  postgresRedirectReader,
  sqliteRedirectReader,
} from '../../src/modules/qrcodes/edge-code.repository.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type Json = Record<string, unknown>;

/**
 * The edge's cold read (docs/adr/2026-11-26-cold-code-read.md): with a cache of two codes, most
 * scans here read their code from the database (the covering index, and on SQLite the prepared
 * statement), and every change still reaches the next scan, on both engines.
 */
describe.each(engines)('the edge reading codes it has not cached on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { EDGE_CACHE_CODES: '2', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() },
    });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  const api = async (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
    const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.statusCode === 204 ? {} : (response.json() as Json);
  };
  const scan = async (slug: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/r/${slug}`,
      headers: { 'user-agent': IPHONE, 'accept-language': 'de-DE' },
      remoteAddress: '8.8.8.8',
    });
    return response.statusCode === 404 ? 404 : response.headers.location;
  };

  it('reads every column the edge decides with, rules in their order, as the query builder does', async () => {
    const german = await api('POST', '/rules', {
      name: 'German',
      when: { language: ['de'] },
      then: { redirect: 'https://example.de/' },
    });
    const ios = await api('POST', '/rules', {
      name: 'iPhones',
      when: { os: ['ios'] },
      then: { redirect: 'https://example.com/ios' },
    });
    await api('POST', '/qrcodes', { slug: 'cold-plain', mode: 'redirect', target: 'https://example.com/a' });
    const ruled = await api('POST', '/qrcodes', {
      slug: 'cold-ruled',
      mode: 'redirect',
      target: 'https://example.com/b',
      utm: { source: 'qr', medium: 'print' },
      maxScans: 1000,
    });
    await api('PUT', `/qrcodes/${ruled.id}/rules`, { rules: [ios.id, german.id] });

    const { db, dialect, sqlite, pgPool } = t.database.handle;
    const viaBuilder = await findRedirectRow(db, dialect, '', 'cold-ruled');
    expect(viaBuilder).toMatchObject({
      id: ruled.id,
      slug: 'cold-ruled',
      host_key: '',
      target: 'https://example.com/b',
      enabled: 1,
      max_scans: 1000,
      rule_ids: [ios.id, german.id],
    });
    expect(await findRedirectRow(db, dialect, '', 'cold-missing')).toBeUndefined();
    if (sqlite) {
      const read = sqliteRedirectReader(sqlite);
      for (const slug of ['cold-plain', 'cold-ruled', 'cold-missing'])
        expect(read('', slug)).toEqual(await findRedirectRow(db, dialect, '', slug));
    } else {
      // PostgreSQL gathers the lookups of one turn into queries of up to 256, two running at
      // once and the rest waiting for them: each lookup still gets its own row.
      if (!pgPool) throw new Error('the PostgreSQL handle has no pool');
      const read = postgresRedirectReader(pgPool);
      const slugs = ['cold-ruled', 'cold-missing', 'cold-plain', 'cold-ruled'];
      const alone = await Promise.all(slugs.map((slug) => findRedirectRow(db, dialect, '', slug)));
      const many = Array.from({ length: 900 }, (_, n) => n % slugs.length);
      const together = await Promise.all(many.map((n) => read('', slugs[n] as string)));
      expect(together).toEqual(many.map((n) => alone[n]));
      expect(together.slice(0, 4).map((row) => row?.slug)).toEqual([
        'cold-ruled',
        undefined,
        'cold-plain',
        'cold-ruled',
      ]);
    }
    // The edge's answer follows the first rule that matches, with the code's UTM tags.
    expect(await scan('cold-ruled')).toBe('https://example.com/ios?utm_source=qr&utm_medium=print');
  });

  it('answers the latest target, rules and slug of codes evicted, cached or never scanned', async () => {
    const slugs = ['cold-1', 'cold-2', 'cold-3', 'cold-4'];
    const ids: string[] = [];
    for (const slug of slugs) {
      const code = await api('POST', '/qrcodes', {
        slug,
        mode: 'redirect',
        target: `https://example.com/${slug}`,
      });
      ids.push(code.id as string);
    }
    // Four codes through a cache of two: each scan after the second evicts one.
    for (const slug of slugs) expect(await scan(slug)).toBe(`https://example.com/${slug}`);
    for (const slug of slugs) expect(await scan(slug)).toBe(`https://example.com/${slug}`);

    // cold-4 is cached, cold-1 was evicted: both follow a change of target.
    await api('PATCH', `/qrcodes/${ids[3]}`, { target: 'https://example.com/four' });
    await api('PATCH', `/qrcodes/${ids[0]}`, { target: 'https://example.com/one' });
    expect(await scan('cold-4')).toBe('https://example.com/four');
    expect(await scan('cold-1')).toBe('https://example.com/one');

    // A rule assigned to a cached code, then changed: the next scan follows each change.
    const rule = await api('POST', '/rules', {
      name: 'iPhones',
      when: { os: ['ios'] },
      then: { redirect: 'https://example.com/ios-1' },
    });
    await api('PUT', `/qrcodes/${ids[0]}/rules`, { rules: [rule.id] });
    expect(await scan('cold-1')).toBe('https://example.com/ios-1');
    await api('PATCH', `/rules/${rule.id}`, { then: { redirect: 'https://example.com/ios-2' } });
    expect(await scan('cold-1')).toBe('https://example.com/ios-2');

    // A new slug answers at once and the old one is gone; a deleted code is gone.
    await api('PATCH', `/qrcodes/${ids[1]}`, { slug: 'cold-2b' });
    expect(await scan('cold-2')).toBe(404);
    expect(await scan('cold-2b')).toBe('https://example.com/cold-2');
    await api('DELETE', `/qrcodes/${ids[2]}`);
    expect(await scan('cold-3')).toBe(404);
  });

  it("holds every code in the edge's code file, and answers each change there at once", async () => {
    const codeFile = t.app.codeLookup.codeFile;
    if (!codeFile) throw new Error('the edge code file is on by default');
    const made = [];
    for (const slug of ['file-1', 'file-2', 'file-3'])
      made.push(
        await api('POST', '/qrcodes', { slug, mode: 'redirect', target: `https://example.com/${slug}` }),
      );
    // As at a start: the file is built from the database, every code in it.
    await codeFile.build();
    expect(codeFile.size).toBeGreaterThanOrEqual(3);
    expect(codeFile.get('', 'file-1')).toEqual(
      await findRedirectRow(t.database.handle.db, t.database.handle.dialect, '', 'file-1'),
    );
    expect(await scan('file-1')).toBe('https://example.com/file-1');

    // A change drops the code from the file; the scan reads the database and stores it again.
    await api('PATCH', `/qrcodes/${made[0]?.id}`, { target: 'https://example.com/changed' });
    expect(codeFile.get('', 'file-1')).toBeUndefined();
    expect(await scan('file-1')).toBe('https://example.com/changed');
    expect(codeFile.get('', 'file-1')?.target).toBe('https://example.com/changed');

    // A moved slug and a deleted code are gone from the file, and the new slug is read again.
    await api('PATCH', `/qrcodes/${made[1]?.id}`, { slug: 'file-2b' });
    await api('DELETE', `/qrcodes/${made[2]?.id}`);
    expect(codeFile.get('', 'file-2')).toBeUndefined();
    expect(codeFile.get('', 'file-3')).toBeUndefined();
    expect(await scan('file-2')).toBe(404);
    expect(await scan('file-3')).toBe(404);
    expect(await scan('file-2b')).toBe('https://example.com/file-2');
    expect(codeFile.get('', 'file-2b')?.slug).toBe('file-2b');
  });
});
