import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { addHostname, hostnameTestEnv, sendToHost } from '../helpers/custom-hostnames.js';
import { engines } from '../helpers/engines.js';
import { storeReferenceItems } from '../helpers/gs1-api.js';
import { schemaErrors, validateGs1Description } from '../helpers/gs1-fixtures.js';

/** GS1 items on a workspace's verified custom hostname: they answer there, and only there. */

const BRAND = 'id.example.com';
const PIL = 'https://dalgiardino.com/medicinal-compound/pil.html';
const send = sendToHost;

describe.each(engines)('GS1 items on custom hostnames on $name', (engine) => {
  let t: TestApp & { base: string };
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    const setup = await hostnameTestEnv();
    t = await listeningTestApp(engine, { env: setup.env });
    owner = await signedInUser(t);
    other = await signedInUser(t);
    await addHostname(t, setup.dnsPort, owner.headers, BRAND);
    await storeReferenceItems(t, owner.headers, BRAND);
  });
  afterAll(() => t.close());

  it("resolves the workspace's items at its hostname's root, with anchors on that hostname", async () => {
    const plain = await send(t.base, '/01/09506000134376/10/LOT01', BRAND);
    expect([plain.status, plain.headers.location]).toEqual([307, `${PIL}?lot=LOT01`]);
    expect(plain.headers.link).toContain(`<https://${BRAND}/01/09506000134376/10/LOT01?linkType=linkset>`);
    const compressed = await send(t.base, '/ARFKk4XB0CDKWcnpq', BRAND);
    expect([compressed.status, compressed.headers.location]).toEqual([307, `${PIL}?lot=LOT01`]);
    const description = await send(t.base, '/.well-known/gs1resolver', BRAND);
    expect(description.status).toBe(200);
    expect(JSON.parse(description.body).resolverRoot).toBe(`https://${BRAND}`);
    expect(schemaErrors(validateGs1Description, JSON.parse(description.body))).toEqual([]);
  });

  it('keeps the items to their hostname: our own hosts do not answer them', async () => {
    expect((await send(t.base, '/01/09506000134376', 'rq.link')).status).toBe(404);
    expect((await send(t.base, '/01/09506000134376', 'app.rq.example')).status).toBe(404);
    // The same key is free on our own hosts, for anyone.
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gs1/items',
      headers: other.headers,
      payload: {
        primaryKey: { ai: '01', value: '09506000134376' },
        links: [{ linkType: 'gs1:pip', href: 'https://example.org/other', title: 'Other' }],
        defaultLinkType: 'gs1:pip',
      },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await send(t.base, '/01/09506000134376', 'rq.link')).headers.location).toBe(
      'https://example.org/other',
    );
    expect((await send(t.base, '/01/09506000134376', BRAND)).headers.location).toBe(PIL);
  });

  it("refuses another workspace's hostname with a 404 at /body/hostname", async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gs1/items',
      headers: other.headers,
      payload: {
        primaryKey: { ai: '01', value: '09506000134352' },
        hostname: BRAND,
        links: [],
      },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().errors).toEqual([{ path: '/body/hostname', message: expect.any(String) }]);
  });

  it('keeps the hostname from being deleted while items answer on it', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/hostnames', headers: owner.headers });
    const host = (list.json().data as Array<{ id: string; hostname: string; codes: number }>).find(
      (h) => h.hostname === BRAND,
    );
    expect(host?.codes).toBe(4);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/hostnames/${host?.id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(409);
  });
  it("makes every path GS1's on a resolver host: an undecodable one is a 400 problem, slugs stop", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/hostnames', headers: owner.headers });
    const host = (list.json().data as Array<{ id: string; hostname: string }>).find(
      (h) => h.hostname === BRAND,
    );
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: owner.headers,
      payload: { mode: 'redirect', target: 'https://example.org/menu', hostname: BRAND, slug: 'menu' },
    });
    expect(code.statusCode, code.body).toBe(201);
    expect((await send(t.base, '/menu', BRAND)).headers.location).toBe('https://example.org/menu');
    expect((await send(t.base, '/not-a-link/at-all', BRAND)).status).toBe(404);

    const mark = (gs1Resolver: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/hostnames/${host?.id}`,
        headers: owner.headers,
        payload: { gs1Resolver },
      });
    const marked = await mark(true);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().gs1Resolver).toBe(true);

    for (const path of [
      '/menu',
      '/not-a-link/at-all',
      '/01/09506000134377',
      '/01/09506000134376/17/260101',
    ]) {
      const answer = await send(t.base, path, BRAND);
      expect([path, answer.status, answer.headers['content-type']]).toEqual([
        path,
        400,
        expect.stringMatching(/^application\/problem\+json/),
      ]);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    }
    const plain = await send(t.base, '/01/09506000134376/10/LOT01', BRAND);
    expect([plain.status, plain.headers.location]).toEqual([307, `${PIL}?lot=LOT01`]);
    const compressed = await send(t.base, '/ARFKk4XB0CDKWcnpq', BRAND);
    expect([compressed.status, compressed.headers.location]).toEqual([307, `${PIL}?lot=LOT01`]);
    expect((await send(t.base, '/.well-known/gs1resolver', BRAND)).status).toBe(200);
    // Its root is still the hostname's page, not a GS1 error.
    expect((await send(t.base, '/', BRAND)).status).toBe(200);

    expect((await mark(false)).json().gs1Resolver).toBe(false);
    expect((await send(t.base, '/menu', BRAND)).headers.location).toBe('https://example.org/menu');
  });
});
