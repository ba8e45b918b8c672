import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { type DnsServer, startDnsmasq } from '../helpers/dnsmasq.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

interface HostnameBody {
  id: string;
  hostname: string;
  status: string;
  verification: { type: string; name: string; value: string };
  routing: { type: string; name: string; value: string };
  rootRedirect: string | null;
  notFoundRedirect: string | null;
  failure?: { code: string; detail: string; seen?: string[]; expected?: string };
  verifiedAt: string | null;
  lastCheckedAt: string | null;
}

const EDGE = 'edge.rq.example';
const baseEnv = {
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
  PUBLIC_URL: 'https://app.rq.example',
  SHORT_URL: 'https://rq.link',
  EDGE_HOSTNAME: EDGE,
  EDGE_ADDRESSES: '127.0.0.2, 2001:db8::2',
};

/** The edge host exists in DNS, as it does in production, so CNAMEs to it resolve. */
const EDGE_RECORD = `--host-record=${EDGE},127.0.0.2`;
/** dnsmasq's CAA record (type 257): flags 0, tag "issue", the CA's domain. */
const caaIssue = (ca: string) =>
  `${Buffer.from([0, 5]).toString('hex')}${Buffer.from(`issue${ca}`).toString('hex')}`;

describe.each(engines)('hostnames on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;
  let dnsPort: number;
  let dns: DnsServer | undefined;

  beforeAll(async () => {
    dnsPort = await freePort();
    t = await buildTestApp(engine, { env: { ...baseEnv, DNS_RESOLVER: `127.0.0.1:${dnsPort}` } });
    user = await signedInUser(t);
    other = await signedInUser(t);
  });
  afterEach(async () => {
    await dns?.stop();
    dns = undefined;
  });
  afterAll(() => t.close());

  const add = (hostname: unknown, headers = user.headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/hostnames', headers, payload: { hostname } });

  async function added(hostname: string): Promise<HostnameBody> {
    const response = await add(hostname);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as HostnameBody;
  }

  async function verifyWith(host: HostnameBody, records: string[]): Promise<HostnameBody> {
    dns = await startDnsmasq(dnsPort, { localDomains: ['example.com'], records: [EDGE_RECORD, ...records] });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hostnames/${host.id}/verify`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as HostnameBody;
  }

  const txt = (host: HostnameBody, value = host.verification.value) =>
    `--txt-record=${host.verification.name},${value}`;
  const cname = (host: HostnameBody, target = EDGE) => `--cname=${host.hostname},${target}`;

  it('adds a hostname and answers the two records to publish', async () => {
    const host = await added('Menu.Example.COM.');
    expect(host).toMatchObject({
      hostname: 'menu.example.com',
      status: 'pending',
      verification: { type: 'TXT', name: '_rq-challenge.menu.example.com' },
      routing: { type: 'CNAME', name: 'menu.example.com', value: EDGE },
      rootRedirect: null,
      notFoundRedirect: null,
      verifiedAt: null,
      lastCheckedAt: null,
    });
    expect(host.id).toMatch(/^host_/);
    expect(host.verification.value).toMatch(/^rq-verify=[0-9a-f]{32}$/);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hostnames/${host.id}`,
      headers: user.headers,
    });
    expect(read.json()).toEqual(host);
  });

  it('stores Unicode names in punycode', async () => {
    expect((await added('bücher.example.com')).hostname).toBe('xn--bcher-kva.example.com');
  });

  it('verifies a hostname whose TXT record holds the token and whose CNAME points at the edge', async () => {
    const host = await added('verified.example.com');
    const changed: string[] = [];
    const unsubscribe = t.app.changes.subscribe('hostname.changed', (event) => {
      changed.push(event.hostname);
    });
    const result = await verifyWith(host, [txt(host), cname(host)]);
    unsubscribe();
    expect(result.status).toBe('verified');
    expect(result.failure).toBeUndefined();
    expect(result.verifiedAt).not.toBeNull();
    expect(result.lastCheckedAt).not.toBeNull();
    expect(changed).toEqual(['verified.example.com']);
  });

  it('reports a TXT record with another value as txt_mismatch, with what it saw and expected', async () => {
    const host = await added('mismatch.example.com');
    const result = await verifyWith(host, [txt(host, 'rq-verify=somebody-else'), cname(host)]);
    expect(result.status).toBe('failed');
    expect(result.failure).toMatchObject({
      code: 'txt_mismatch',
      seen: ['rq-verify=somebody-else'],
      expected: host.verification.value,
    });
    expect(result.verifiedAt).toBeNull();
    expect(result.lastCheckedAt).not.toBeNull();
  });

  it('reports a missing TXT record as txt_missing and stays pending', async () => {
    const host = await added('notxt.example.com');
    const result = await verifyWith(host, [cname(host)]);
    expect(result.status).toBe('pending');
    expect(result.failure).toMatchObject({ code: 'txt_missing', expected: host.verification.value });
    expect(result.failure?.detail).toContain('_rq-challenge.notxt.example.com');
  });

  it('reports a CNAME to another host as routing_mismatch naming the target', async () => {
    const host = await added('elsewhere.example.com');
    const result = await verifyWith(host, [
      txt(host),
      cname(host, 'other.example.net'),
      '--host-record=other.example.net,127.0.0.3',
    ]);
    expect(result.status).toBe('failed');
    expect(result.failure).toMatchObject({
      code: 'routing_mismatch',
      seen: ['other.example.net'],
      expected: EDGE,
    });
    expect(result.failure?.detail).toContain('other.example.net');
  });

  it('verifies an apex name whose A records hold only the edge addresses (EDGE_ADDRESSES)', async () => {
    const host = await added('apex.example.com');
    const result = await verifyWith(host, [
      txt(host),
      '--host-record=apex.example.com,127.0.0.2,2001:db8:0:0::2',
    ]);
    expect(result.status, JSON.stringify(result.failure)).toBe('verified');
  });

  it('reports A records with other addresses as routing_mismatch naming them', async () => {
    const host = await added('stray.example.com');
    const result = await verifyWith(host, [txt(host), '--host-record=stray.example.com,192.0.2.9']);
    expect(result.status).toBe('failed');
    expect(result.failure).toMatchObject({
      code: 'routing_mismatch',
      seen: ['192.0.2.9'],
      expected: `${EDGE}, 127.0.0.2, 2001:db8::2`,
    });
  });

  it('reports a name that does not exist as nxdomain', async () => {
    const host = await added('nowhere.example.com');
    const result = await verifyWith(host, []);
    expect(result.status).toBe('pending');
    expect(result.failure?.code).toBe('nxdomain');
  });

  it('reports CAA records that exclude our CA as caa_forbids', async () => {
    const host = await added('caa.example.com');
    const result = await verifyWith(host, [
      txt(host),
      cname(host),
      `--dns-rr=example.com,257,${caaIssue('pki.goog')}`,
    ]);
    expect(result.status).toBe('failed');
    expect(result.failure).toMatchObject({
      code: 'caa_forbids',
      seen: ['pki.goog'],
      expected: 'letsencrypt.org',
    });
  });

  it('verifies when the CAA records allow our CA', async () => {
    const host = await added('caa-ok.example.com');
    const allowed = `--dns-rr=example.com,257,${caaIssue('letsencrypt.org')}`;
    expect((await verifyWith(host, [txt(host), cname(host), allowed])).status).toBe('verified');
  });

  it('refuses bad names with 400 at /body/hostname', async () => {
    const bad = [
      '192.0.2.1',
      '[2001:db8::1]',
      'localhost',
      'intranet',
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
      `${'a'.repeat(64)}.example.com`,
      'my_host.example.com',
      '*.example.com',
      'app.rq.example',
      'qr.app.rq.example',
      'rq.link',
      'x.rq.link',
      EDGE,
      'bad host.example.com',
    ];
    for (const name of bad) {
      const response = await add(name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().errors[0].path, name).toBe('/body/hostname');
    }
  });

  it("gives a 409 for another account's name, and the same hostname to the account that has it", async () => {
    const host = await added('claimed.example.com');
    const again = await add('CLAIMED.example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(host.id);
    const theirs = await add('claimed.example.com', other.headers);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().code).toBe('conflict');
  });

  it('frees the name on delete', async () => {
    const host = await added('freed.example.com');
    const url = `/api/v1/hostnames/${host.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: user.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: user.headers })).statusCode).toBe(404);
    expect((await add('freed.example.com', other.headers)).statusCode).toBe(201);
  });

  it('answers 404 for a hostname of another account', async () => {
    const host = await added('private.example.com');
    const url = `/api/v1/hostnames/${host.id}/verify`;
    const response = await t.app.inject({ method: 'POST', url, headers: other.headers });
    expect(response.statusCode).toBe(404);
  });

  it('sets and removes the redirects by merge patch, normalising URLs', async () => {
    const host = await added('redirects.example.com');
    const url = `/api/v1/hostnames/${host.id}`;
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url, headers: user.headers, payload });
    const set = await patch({
      rootRedirect: 'HTTPS://Example.com',
      notFoundRedirect: 'https://example.com/404',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      rootRedirect: 'https://example.com/',
      notFoundRedirect: 'https://example.com/404',
    });
    const removed = await patch({ notFoundRedirect: null });
    expect(removed.json()).toMatchObject({ rootRedirect: 'https://example.com/', notFoundRedirect: null });
  });

  it('refuses redirects that are not http(s) URLs or are our own short URLs', async () => {
    const host = await added('badredirect.example.com');
    const url = `/api/v1/hostnames/${host.id}`;
    const response = await t.app.inject({
      method: 'PATCH',
      url,
      headers: user.headers,
      payload: { rootRedirect: 'javascript:alert(1)', notFoundRedirect: 'https://rq.link/abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toEqual([
      '/body/rootRedirect',
      '/body/notFoundRedirect',
    ]);
  });

  it('lists hostnames newest first, a page at a time', async () => {
    const key = await createApiKey(t, other, ['hostnames:read', 'hostnames:write']);
    for (const name of ['one.example.org', 'two.example.org', 'three.example.org']) {
      expect((await add(name, key.headers)).statusCode).toBe(201);
    }
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/hostnames?limit=2',
      headers: key.headers,
    });
    const page1 = first.json() as { data: HostnameBody[]; nextCursor: string };
    expect(page1.data.map((h) => h.hostname)).toEqual(['three.example.org', 'two.example.org']);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hostnames?limit=2&cursor=${page1.nextCursor}`,
      headers: key.headers,
    });
    const page2 = second.json() as { data: HostnameBody[]; nextCursor: string | null };
    expect(page2.data.map((h) => h.hostname)).toContain('one.example.org');
  });

  it('needs hostnames:write to add a hostname', async () => {
    const key = await createApiKey(t, user, ['hostnames:read']);
    const response = await add('scoped.example.com', key.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('insufficient_scope');
  });
});

describe.each(engines)('hostname verification without an answering resolver on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    const silentPort = await freePort();
    t = await buildTestApp(engine, { env: { ...baseEnv, DNS_RESOLVER: `127.0.0.1:${silentPort}` } });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('reports resolver_timeout', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hostnames',
      headers: user.headers,
      payload: { hostname: 'qr.example.com' },
    });
    const id = (created.json() as HostnameBody).id;
    const verify = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hostnames/${id}/verify`,
      headers: user.headers,
    });
    expect(verify.json()).toMatchObject({ status: 'pending', failure: { code: 'resolver_timeout' } });
  });
});

describe.each(engines)('the hostname limit on $name', (engine) => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function appWith(env: Record<string, string>): Promise<{ t: TestApp; user: SignedInUser }> {
    const t = await buildTestApp(engine, { env: { ...baseEnv, ...env } });
    apps.push(t);
    return { t, user: await signedInUser(t) };
  }
  const add = (t: TestApp, user: SignedInUser, hostname: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/hostnames', headers: user.headers, payload: { hostname } });

  it('has no limit without billing', async () => {
    const { t, user } = await appWith({});
    for (let i = 0; i < 12; i++) expect((await add(t, user, `h${i}.example.com`)).statusCode).toBe(201);
  });

  it('takes the limit from HOSTNAMES_LIMIT without billing: one more is a 402 naming the limit', async () => {
    const { t, user } = await appWith({ HOSTNAMES_LIMIT: '1' });
    expect((await add(t, user, 'first.example.com')).statusCode).toBe(201);
    const refused = await add(t, user, 'second.example.com');
    expect(refused.statusCode).toBe(402);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      code: 'limit_reached',
      limit: 'hostnames',
      allowed: 1,
      plan: 'hostnames',
    });
  });

  it("takes the limit from the account's plans with billing: the free plan has none", async () => {
    const { t, user } = await appWith({ PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' });
    const refused = await add(t, user, 'first.example.com');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'limit_reached', allowed: 0, plan: 'hostnames' });
    await t.app.plans.grants.grant(user.workspaceId, 'hostnames', null);
    expect((await add(t, user, 'first.example.com')).statusCode).toBe(201);
  });
});
