import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { referenceDocuments } from '../helpers/gs1-api.js';
import { schemaErrors, validateGs1Description, validateGs1Linkset } from '../helpers/gs1-fixtures.js';

const PUBLIC = 'http://rq.test';
const SHORT = 'https://rq.link';
const PIL = 'https://dalgiardino.com/medicinal-compound/pil.html';
/** The compressed form of /01/09506000134376/10/LOT01 (the reference resolver's setup_test.py). */
const COMPRESSED = '/ARFKk4XB0CDKWcnpq';

describe.each(engines)('the GS1 resolver at the edge on $name', (engine) => {
  let t: TestApp & { base: string };
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await listeningTestApp(engine, {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), PUBLIC_URL: PUBLIC, SHORT_URL: SHORT },
    });
    owner = await signedInUser(t);
    // The reference resolver's own documents, as they are, through the importer.
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes/import?format=gs1-resolver',
      headers: owner.headers,
      payload: referenceDocuments(),
    });
    expect(imported.json()).toMatchObject({ rows: 6, created: 6, errors: [] });
  });
  afterAll(() => t.close());

  const scan = (url: string, headers: Record<string, string> = {}, method = 'GET', host = 'rq.test') =>
    t.app.inject({ method: method as 'GET', url, headers: { host, ...headers } });

  it('redirects to the default link with 307, the linkset named in a Link header, and CORS', async () => {
    const answer = await scan('/01/09506000134376');
    expect(answer.statusCode).toBe(307);
    expect(answer.headers.location).toBe(PIL);
    expect(answer.headers.link).toContain(`<${PUBLIC}/01/09506000134376?linkType=linkset>; rel="linkset"`);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers.vary).toContain('Accept-Language');
    // The trailing slash is tolerated; the query string goes on.
    expect((await scan('/01/09506000134376/')).headers.location).toBe(PIL);
    expect((await scan('/01/09506000134376?utm_source=box')).headers.location).toBe(`${PIL}?utm_source=box`);
  });

  it('fills lot and serial templates, and walks up from a level nobody registered', async () => {
    expect((await scan('/01/09506000134376/10/LOT01')).headers.location).toBe(`${PIL}?lot=LOT01`);
    expect((await scan('/01/09506000134376/21/HELLOWORLD')).headers.location).toBe(
      `${PIL}?serial=HELLOWORLD`,
    );
    // 09506000134352 has no lot level: its lot walks up to the key's default link.
    const walked = await scan('/01/09506000134352/10/ANY');
    expect(walked.statusCode).toBe(307);
    expect(walked.headers.location).toBe((await scan('/01/09506000134352')).headers.location);
  });

  it('negotiates by linkType and Accept-Language, and answers 300 with a valid linkset on a tie', async () => {
    const registered = await scan('/01/09506000134376?linkType=gs1:registerProduct', {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(registered.headers.location).toContain('register=en-US');
    const tie = await scan('/01/09506000134376/10/LOT01?linkType=gs1:certificationInfo');
    expect(tie.statusCode).toBe(300);
    expect(tie.headers['content-type']).toMatch(/^application\/linkset\+json/);
    expect(schemaErrors(validateGs1Linkset, tie.json())).toEqual([]);
  });

  it('answers the linkset for linkType=linkset and for Accept, valid against GS1 schema, with absolute anchors', async () => {
    const byType = await scan('/01/09506000134376/10/LOT01?linkType=linkset');
    expect(byType.statusCode).toBe(200);
    expect(byType.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const linkset = byType.json() as { linkset: Array<{ anchor: string }> };
    expect(schemaErrors(validateGs1Linkset, linkset)).toEqual([]);
    expect(linkset.linkset.map((entry) => entry.anchor)).toEqual([
      `${PUBLIC}/01/09506000134376`,
      `${PUBLIC}/01/09506000134376/10/LOT01`,
    ]);
    expect(byType.headers.link).toContain('json-ld#context');
    const byAccept = await scan('/01/09506000134376/10/LOT01', { accept: 'application/linkset+json' });
    expect(byAccept.statusCode).toBe(200);
    expect(byAccept.json()).toEqual(linkset);
    const asJson = await scan('/01/09506000134376', { accept: 'application/json' });
    expect(asJson.headers['content-type']).toMatch(/^application\/json/);
    expect(schemaErrors(validateGs1Linkset, asJson.json())).toEqual([]);
  });

  it('answers 400 for a malformed URI, never a 5xx, and 404 for an unknown item or link type', async () => {
    for (const path of [
      '/01/09506000134377',
      '/01/9506000134376',
      '/01/09506000134376/21/S1/10/L1',
      '/01/09506000134376/badrequest',
      '/01/09506000134376/10/%zz',
      '/8004/0950%',
    ]) {
      const answer = await scan(path);
      expect(answer.statusCode, `${path}: ${answer.body}`).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.headers['access-control-allow-origin'], path).toBe('*');
    }
    expect((await scan('/01/09506000134383')).statusCode).toBe(404);
    const noSuchType = await scan('/01/09506000134376?linkType=gs1:safetyInfo');
    expect(noSuchType.statusCode).toBe(404);
    expect(noSuchType.json().code).toBe('not_found');
  });

  it('resolves a fixed asset exactly and a variable one by its company prefix', async () => {
    expect((await scan('/8004/0950600013430000001')).headers.location).toBe(
      'https://dalgiardino.com/medicinal-compound/assets/8004/0950600013430000001.html',
    );
    expect((await scan('/8004/095060001343999999')).headers.location).toBe(
      'https://dalgiardino.com/medicinal-compound/assets?giai=095060001343999999',
    );
  });

  it('answers HEAD like GET without a body, and OPTIONS with CORS for GET, HEAD and OPTIONS', async () => {
    const head = await scan('/01/09506000134376', {}, 'HEAD');
    expect(head.statusCode).toBe(307);
    expect(head.headers.location).toBe(PIL);
    expect(head.body).toBe('');
    const options = await scan('/01/09506000134376', { 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(options.statusCode).toBe(204);
    expect(options.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(options.headers['access-control-allow-origin']).toBe('*');
    expect((await scan('/01/09506000134376', {}, 'DELETE')).statusCode).toBe(405);
  });

  it('serves /.well-known/gs1resolver on every host, valid against the description-file schema', async () => {
    for (const host of ['rq.test', 'rq.link']) {
      const answer = await scan('/.well-known/gs1resolver', {}, 'GET', host);
      expect(answer.statusCode).toBe(200);
      expect(schemaErrors(validateGs1Description, answer.json())).toEqual([]);
      expect(answer.json().resolverRoot).toBe(host === 'rq.test' ? PUBLIC : SHORT);
    }
  });

  it('resolves a compressed URI on the primary and the short host, naming the uncompressed one', async () => {
    const primary = await scan(COMPRESSED);
    expect(primary.statusCode).toBe(307);
    expect(primary.headers.location).toBe(`${PIL}?lot=LOT01`);
    expect(primary.headers.link).toContain(`<${PUBLIC}/01/09506000134376/10/LOT01>; rel="owl:sameAs"`);
    const short = await scan(COMPRESSED, {}, 'GET', 'rq.link');
    expect(short.statusCode).toBe(307);
    expect(short.headers.link).toContain(`<${SHORT}/01/09506000134376/10/LOT01>; rel="owl:sameAs"`);
    // A path that is neither a slug nor a compressed link keeps the host's own not-found answer.
    expect((await scan('/no-such-slug', {}, 'GET', 'rq.link')).statusCode).toBe(404);
  });

  it("lets a host's slug win over a compressed URI of the same text", async () => {
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: owner.headers,
      payload: { mode: 'redirect', target: 'https://example.com/the-code', slug: COMPRESSED.slice(1) },
    });
    expect(code.statusCode, code.body).toBe(201);
    const answer = await scan(COMPRESSED, {}, 'GET', 'rq.link');
    expect(answer.headers.location).toBe('https://example.com/the-code');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/qrcodes/${code.json().id}`,
      headers: owner.headers,
    });
  });

  it('answers on a real socket too (the raw listener hands GS1 paths and unknown slugs on)', async () => {
    const get = (path: string, host: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = http.get(`${t.base}${path}`, { headers: { host } }, (response) => {
          response.resume();
          resolve(response);
        });
        request.on('error', reject);
      });
    const plain = await get('/01/09506000134376/10/LOT01', 'rq.link');
    expect([plain.statusCode, plain.headers.location]).toEqual([307, `${PIL}?lot=LOT01`]);
    const compressed = await get(COMPRESSED, 'rq.link');
    expect([compressed.statusCode, compressed.headers.location]).toEqual([307, `${PIL}?lot=LOT01`]);
  });

  it('follows writes: a changed link answers the next scan, a deleted item is 404', async () => {
    const gtin = '09506000134390';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gs1/items',
      headers: owner.headers,
      payload: {
        primaryKey: { ai: '01', value: gtin },
        defaultLinkType: 'gs1:pip',
        links: [{ linkType: 'gs1:pip', href: 'https://example.com/before', title: 'Before' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    expect((await scan(`/01/${gtin}`)).headers.location).toBe('https://example.com/before');
    // Scanned (and remembered as unknown) before a company prefix covering it is registered.
    const asset = '/8004/0950600077000123';
    expect((await scan(asset)).statusCode).toBe(404);
    const prefix = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gs1/items',
      headers: owner.headers,
      payload: {
        primaryKey: { ai: '8004', value: '0950600077' },
        prefix: true,
        defaultLinkType: 'gs1:pip',
        links: [{ linkType: 'gs1:pip', href: 'https://example.com/assets/{1}', title: 'Asset' }],
      },
    });
    expect(prefix.statusCode, prefix.body).toBe(201);
    expect((await scan(asset)).headers.location).toBe('https://example.com/assets/000123');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/gs1/items/${id}`,
      headers: owner.headers,
      payload: { links: [{ linkType: 'gs1:pip', href: 'https://example.com/after', title: 'After' }] },
    });
    expect((await scan(`/01/${gtin}`)).headers.location).toBe('https://example.com/after');
    await t.app.inject({ method: 'DELETE', url: `/api/v1/gs1/items/${id}`, headers: owner.headers });
    expect((await scan(`/01/${gtin}`)).statusCode).toBe(404);
  });

  it('records a GS1 redirect as a scan of the workspace', async () => {
    const summary = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/analytics/summary?range=all',
          headers: owner.headers,
        })
      ).json() as { total: number };
    const before = (await summary()).total;
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect((await scan('/01/09506000134352', { 'user-agent': iphone })).statusCode).toBe(307);
    expect((await summary()).total).toBe(before + 1);
  });

  it("does not resolve another host's items: a key registered on our hosts is unknown on a custom name", async () => {
    // No verified hostname serves it, so the request falls to the primary host's items: the same item.
    expect((await scan('/01/09506000134376', {}, 'GET', 'unknown.example')).statusCode).toBe(307);
    // The API stays the API: a GS1-looking path under /api/ is not the resolver's.
    expect((await scan('/api/v1/01/09506000134376')).headers['content-type']).toMatch(/problem\+json/);
  });
});
