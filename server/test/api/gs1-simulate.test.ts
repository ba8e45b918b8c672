import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decompressDigitalLinkPath } from '../../src/modules/gs1/gs1.compression.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { storeReferenceItems } from '../helpers/gs1-api.js';
import { schemaErrors, validateGs1Linkset } from '../helpers/gs1-fixtures.js';

/** The site's GS1 helpers: "Test a scan" of an item and the design tool's Digital Link URI. */

const PUBLIC = 'http://rq.test';
const SHORT = 'https://rq.link';
const PIL = 'https://dalgiardino.com/medicinal-compound/pil.html';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(engines)('GS1 scan simulation and URI writing on $name', (engine) => {
  let t: TestApp;
  let owner: SignedInUser;
  let capsules: string;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), PUBLIC_URL: PUBLIC, SHORT_URL: SHORT },
    });
    owner = await signedInUser(t);
    const made = await storeReferenceItems(t, owner.headers);
    capsules = made.find((item) => item.primaryKey.value === '09506000134376')?.id ?? '';
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers = owner.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const scan = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'rq.test', ...headers } });
  const simulate = (payload: object) => post(`/api/v1/gs1/items/${capsules}/simulate`, payload);

  it('answers what a scan of the lot gets at the edge, with the linkset it serves', async () => {
    const answer = await simulate({ qualifiers: [{ ai: '10', value: 'LOT01' }] });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      uri: `${SHORT}/01/09506000134376/10/LOT01`,
      status: 307,
      outcome: 'redirect',
      location: `${PIL}?lot=LOT01`,
    });
    const edge = await scan('/01/09506000134376/10/LOT01');
    expect(edge.headers.location).toBe(body.location);
    expect(schemaErrors(validateGs1Linkset, body.linkset)).toEqual([]);
    const anchors = (body.linkset as { linkset: Array<{ anchor: string }> }).linkset.map((e) => e.anchor);
    expect(anchors).toEqual(expect.arrayContaining([`${SHORT}/01/09506000134376/10/LOT01`]));
    expect(body.headers.link).toContain('rel="linkset"');
  });

  it('negotiates the language and link type as the edge does, and shows a tie as 300', async () => {
    const language = 'en-US,en;q=0.9';
    const registered = await simulate({ linkType: 'gs1:registerProduct', language });
    const edge = await scan('/01/09506000134376?linkType=gs1:registerProduct', {
      'accept-language': language,
    });
    expect(registered.json().location).toBe(edge.headers.location);
    expect(registered.json().link.linkType).toMatch(/registerProduct$/);
    const tie = await simulate({
      qualifiers: [{ ai: '10', value: 'LOT01' }],
      linkType: 'gs1:certificationInfo',
    });
    expect(tie.json()).toMatchObject({ status: 300, outcome: 'choices', location: null });
    expect(tie.json().candidates.length).toBeGreaterThan(1);
    const missing = await simulate({ linkType: 'gs1:recallStatus' });
    expect(missing.json()).toMatchObject({ status: 404, outcome: 'not_found' });
    expect(missing.json().message).toContain('recallStatus');
  });

  it("applies the item's rules to the phone given, as the edge does", async () => {
    const gtin = '09506000134383';
    const created = await post('/api/v1/gs1/items', {
      primaryKey: { ai: '01', value: gtin },
      defaultLinkType: 'gs1:pip',
      links: [
        { linkType: 'gs1:pip', href: 'https://example.com/pip', title: 'Product' },
        { linkType: 'gs1:pip', href: 'https://example.com/pip-ios', title: 'Product on iPhone' },
      ],
      rules: [{ when: { os: ['ios'] }, href: 'https://example.com/pip-ios' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const iphone = await post(`/api/v1/gs1/items/${id}/simulate`, { userAgent: IPHONE });
    expect(iphone.json()).toMatchObject({ location: 'https://example.com/pip-ios', rule: 0 });
    const edge = await scan(`/01/${gtin}`, { 'user-agent': IPHONE });
    expect(edge.headers.location).toBe('https://example.com/pip-ios');
    const other = await post(`/api/v1/gs1/items/${id}/simulate`, {});
    expect(other.json()).toMatchObject({ location: 'https://example.com/pip', rule: null });
  });

  it('refuses a malformed qualifier at its field, and another workspace’s item is 404', async () => {
    const bad = await simulate({
      qualifiers: [
        { ai: '21', value: 'S1' },
        { ai: '10', value: 'L1' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toMatch(/^\/body\/qualifiers/);
    const stranger = await signedInUser(t);
    const foreign = await post(`/api/v1/gs1/items/${capsules}/simulate`, {}, stranger.headers);
    expect(foreign.statusCode).toBe(404);
  });

  it('writes a Digital Link on our hosts, plain or compressed, that resolves to the same link', async () => {
    const key = { ai: '01', value: '09506000134376' };
    const qualifiers = [{ ai: '10', value: 'LOT01' }];
    const plain = await post('/api/v1/gs1/write-uri', { primaryKey: key, qualifiers });
    expect(plain.json()).toEqual({
      uri: `${PUBLIC}/01/09506000134376/10/LOT01`,
      uncompressed: `${PUBLIC}/01/09506000134376/10/LOT01`,
      host: 'rq.test',
    });
    for (const compression of ['compressed', 'optimised']) {
      const written = await post('/api/v1/gs1/write-uri', {
        primaryKey: key,
        qualifiers,
        host: 'rq.link',
        compression,
      });
      expect(written.statusCode).toBe(200);
      const { uri, uncompressed } = written.json();
      expect(uncompressed).toBe(`${SHORT}/01/09506000134376/10/LOT01`);
      const path = new URL(uri).pathname;
      expect(path.split('/')).toHaveLength(2);
      const read = decompressDigitalLinkPath(path, '');
      expect(read.ok && read.uncompressedPath).toBe('/01/09506000134376/10/LOT01');
      expect((await scan(path, { host: 'rq.link' })).headers.location).toBe(`${PIL}?lot=LOT01`);
    }
  });

  it('refuses a wrong check digit, a GTIN-13 and a host that is not the workspace’s', async () => {
    const wrong = await post('/api/v1/gs1/write-uri', { primaryKey: { ai: '01', value: '09506000134377' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { path: '/body/primaryKey', message: expect.stringMatching(/check digit/i) },
    ]);
    const short = await post('/api/v1/gs1/write-uri', { primaryKey: { ai: '01', value: '9506000134376' } });
    expect(short.statusCode).toBe(400);
    const foreignHost = await post('/api/v1/gs1/write-uri', {
      primaryKey: { ai: '01', value: '09506000134376' },
      host: 'id.elsewhere.example',
    });
    expect(foreignHost.statusCode).toBe(404);
    expect(foreignHost.json().errors[0].path).toBe('/body/host');
  });
});
