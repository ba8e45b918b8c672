import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import {
  addHostname,
  EDGE,
  type HostAnswer,
  hostnameTestEnv,
  sendToHost,
} from '../helpers/custom-hostnames.js';
import { startDnsmasq } from '../helpers/dnsmasq.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/**
 * Serving codes on customers' hostnames: binding codes to verified names, the edge routing by
 * Host (raw socket listener and Fastify alike), the hostname's own redirects, the refusals that
 * protect printed codes, and the TLS ask Caddy sends before issuing a certificate.
 */

interface HostnameBody {
  id: string;
  hostname: string;
  status: string;
  verification: { name: string; value: string };
  codes: number;
  nextCheckAt: string | null;
  graceEndsAt: string | null;
}

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe.each(engines)('serving codes on custom hostnames on $name', (engine) => {
  let t: TestApp & { base: string };
  let user: SignedInUser;
  let other: SignedInUser;
  let dnsPort: number;

  beforeAll(async () => {
    const setup = await hostnameTestEnv();
    dnsPort = setup.dnsPort;
    t = await listeningTestApp(engine, { env: setup.env });
    user = await signedInUser(t);
    other = await signedInUser(t);
  });
  afterAll(() => t.close());

  const api = (who: SignedInUser, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const hostname = (who: SignedInUser, name: string, verified: boolean) =>
    addHostname<HostnameBody>(t, dnsPort, who.headers, name, { verified });

  const createCode = (who: SignedInUser, body: Record<string, unknown>) =>
    api(who, 'POST', '/api/v1/qrcodes', { mode: 'redirect', target: 'https://example.org/menu', ...body });

  it('binds codes to a verified hostname by name or id, with slugs unique per hostname', async () => {
    const host = await hostname(user, 'menu.example.com', true);
    const byName = await createCode(user, { hostname: 'Menu.Example.com', slug: 'spring' });
    expect(byName.statusCode, byName.body).toBe(201);
    expect(byName.json()).toMatchObject({
      hostname: 'menu.example.com',
      shortUrl: 'https://menu.example.com/spring',
    });
    // The same slug is free on the primary host and taken on the hostname.
    expect((await createCode(user, { slug: 'spring' })).statusCode).toBe(201);
    const taken = await createCode(user, { hostname: host.id, slug: 'spring' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toContain('menu.example.com');
    // Words the site keeps for itself are slugs like any other on a customer's hostname.
    expect((await createCode(user, { hostname: host.id, slug: 'login' })).statusCode).toBe(201);

    const listed = await api(user, 'GET', '/api/v1/qrcodes?hostname=menu.example.com');
    expect((listed.json() as { data: unknown[] }).data).toHaveLength(2);
    const read = await api(user, 'GET', `/api/v1/hostnames/${host.id}`);
    expect(read.json()).toMatchObject({ codes: 2 });
  });

  it('refuses a pending name (409), an unknown or foreign one (404) and a static code on a hostname', async () => {
    const pending = await hostname(user, 'pending.example.com', false);
    const refused = await createCode(user, { hostname: pending.hostname });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflict',
      hostnameStatus: 'pending',
      errors: [{ path: '/body/hostname' }],
    });
    expect(refused.json().detail).toContain('not verified');

    const foreign = await hostname(other, 'theirs.example.com', true);
    for (const value of [foreign.id, foreign.hostname, 'nobody.example.com']) {
      const response = await createCode(user, { hostname: value });
      expect(response.statusCode, value).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', errors: [{ path: '/body/hostname' }] });
    }

    const ours = await hostname(user, 'static.example.com', true);
    const staticCode = await api(user, 'POST', '/api/v1/qrcodes', {
      mode: 'static',
      data: { kind: 'text', text: 'hello' },
      hostname: ours.hostname,
    });
    expect(staticCode.statusCode).toBe(400);
    expect(staticCode.json().errors).toEqual([expect.objectContaining({ path: '/body/hostname' })]);
  });

  it('moves a code between hosts by PATCH, and refuses deleting a hostname while codes use it', async () => {
    const host = await hostname(user, 'move.example.com', true);
    const code = (await createCode(user, { slug: 'mover' })).json() as { id: string };
    const moved = await api(user, 'PATCH', `/api/v1/qrcodes/${code.id}`, { hostname: host.hostname });
    expect(moved.json()).toMatchObject({ shortUrl: 'https://move.example.com/mover' });
    expect((await sendToHost(t.base, '/mover', 'move.example.com')).status).toBe(302);

    const refused = await api(user, 'DELETE', `/api/v1/hostnames/${host.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', codes: 1 });
    expect(refused.json().detail).toContain('1 code is served on move.example.com');

    const back = await api(user, 'PATCH', `/api/v1/qrcodes/${code.id}`, { hostname: null });
    expect(back.json()).toMatchObject({ hostname: null, shortUrl: 'https://rq.link/mover' });
    expect((await sendToHost(t.base, '/mover', 'move.example.com')).status).toBe(404);
    expect((await api(user, 'DELETE', `/api/v1/hostnames/${host.id}`)).statusCode).toBe(204);
  });

  it('routes scans by Host, counts them with the hostname, and serves nothing else there', async () => {
    const host = await hostname(user, 'scan.example.com', true);
    const code = (await createCode(user, { hostname: host.hostname, slug: 'menu' })).json() as { id: string };

    const raw = await sendToHost(t.base, '/menu?table=4', 'Scan.Example.com:443', 'GET', {
      'user-agent': PHONE,
    });
    expect(raw.status).toBe(302);
    expect(raw.headers.location).toBe('https://example.org/menu');
    // The same slug on another host is another code (here: none).
    expect((await sendToHost(t.base, '/menu', 'rq.link')).status).toBe(404);
    expect((await sendToHost(t.base, '/r/menu', 'app.rq.example')).status).toBe(404);
    // Fastify's entry point (what inject reaches) routes the same way.
    const injected = await t.app.inject({
      method: 'GET',
      url: '/menu',
      headers: { host: 'scan.example.com', 'user-agent': PHONE },
    });
    expect(injected.statusCode).toBe(302);

    const read = await api(user, 'GET', `/api/v1/qrcodes/${code.id}`);
    expect(read.json()).toMatchObject({ scans: { total: 2 } });
    const [scan] = await t.database.handle.db
      .selectFrom('scans')
      .select(['hostname'])
      .where('qrcode_id', '=', code.id)
      .execute();
    expect(scan?.hostname).toBe('scan.example.com');

    // The API and the site are not served on a customer's name.
    const apiThere = await sendToHost(t.base, '/api/v1/qrcodes', 'scan.example.com', 'GET', user.headers);
    expect(apiThere.status).toBe(404);
    expect(apiThere.body).toContain('This code is not active');
    const post = await sendToHost(t.base, '/api/v1/qrcodes', 'scan.example.com', 'POST', user.headers);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it("answers the hostname's root and unknown slugs with its own redirects, or our pages", async () => {
    const host = await hostname(user, 'pages.example.com', true);
    const disabled = (
      await createCode(user, { hostname: host.hostname, slug: 'paused', enabled: false })
    ).json();
    expect(disabled).toMatchObject({ enabled: false });

    const root = await sendToHost(t.base, '/', 'pages.example.com');
    expect(root.status).toBe(200);
    expect(root.body).toContain('<h1>pages.example.com</h1>');
    const unknown = await sendToHost(t.base, '/nothing-here', 'pages.example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('This code is not active');

    const patched = await api(user, 'PATCH', `/api/v1/hostnames/${host.id}`, {
      rootRedirect: 'https://example.org/',
      notFoundRedirect: 'https://example.org/missing',
    });
    expect(patched.statusCode).toBe(200);
    const rootAfter = await sendToHost(t.base, '/', 'pages.example.com');
    expect([rootAfter.status, rootAfter.headers.location]).toEqual([302, 'https://example.org/']);
    for (const path of ['/nothing-here', '/paused']) {
      const answer = await sendToHost(t.base, path, 'pages.example.com');
      expect([answer.status, answer.headers.location], path).toEqual([302, 'https://example.org/missing']);
    }
    const countedNone = await api(user, 'GET', `/api/v1/qrcodes/${(disabled as { id: string }).id}`);
    expect(countedNone.json()).toMatchObject({ scans: { total: 0 } });
  });

  it('serves the app links at /.well-known/ as JSON, 200 and no redirect, only on verified names', async () => {
    const host = await hostname(user, 'apps.example.com', true);
    const pending = await hostname(user, 'apps-pending.example.com', false);
    await api(user, 'PATCH', `/api/v1/hostnames/${host.id}`, {
      notFoundRedirect: 'https://example.org/missing',
    });
    const aasaPath = '/.well-known/apple-app-site-association';
    const assetPath = '/.well-known/assetlinks.json';
    // Unset: a plain 404, never the hostname's not-found redirect.
    for (const path of [aasaPath, assetPath]) {
      const unset = await sendToHost(t.base, path, host.hostname);
      expect([unset.status, unset.headers.location], path).toEqual([404, undefined]);
    }

    const aasa = {
      applinks: {
        details: [{ appIDs: ['ABCDE12345.com.example.menu'], components: [{ '/': '/menu/*' }] }],
      },
      webcredentials: { apps: ['ABCDE12345.com.example.menu'] },
    };
    const statement = {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: 'com.example.menu',
        sha256_cert_fingerprints: [Array.from({ length: 32 }, () => 'AB').join(':')],
      },
    };
    const set = await api(user, 'PATCH', `/api/v1/hostnames/${host.id}`, {
      appLinks: { appleAppSiteAssociation: aasa, assetLinks: [statement] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      appLinks: { appleAppSiteAssociation: aasa, assetLinks: [statement] },
      notFoundRedirect: 'https://example.org/missing',
    });

    const served = await sendToHost(t.base, aasaPath, 'Apps.Example.com', 'GET', {
      'user-agent': 'AASA-Bot/1.0',
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json\b/);
    expect(served.headers.location).toBeUndefined();
    expect(JSON.parse(served.body)).toEqual(aasa);
    const assets = await sendToHost(t.base, assetPath, host.hostname);
    expect(assets.status).toBe(200);
    expect(assets.headers['content-type']).toMatch(/^application\/json\b/);
    expect(JSON.parse(assets.body)).toEqual([statement]);
    // Fastify's entry point (what inject reaches) answers the same.
    const injected = await t.app.inject({ method: 'GET', url: assetPath, headers: { host: host.hostname } });
    expect(JSON.parse(injected.body)).toEqual([statement]);
    // Not on a pending name, nor on our own hosts.
    expect((await sendToHost(t.base, aasaPath, pending.hostname)).body).not.toContain('applinks');
    expect((await sendToHost(t.base, aasaPath, 'rq.link')).body).not.toContain('applinks');

    // A merge patch: the Android file goes, the Apple one stays.
    const removed = await api(user, 'PATCH', `/api/v1/hostnames/${host.id}`, {
      appLinks: { assetLinks: null },
    });
    expect(removed.json()).toMatchObject({ appLinks: { appleAppSiteAssociation: aasa } });
    expect(removed.json().appLinks.assetLinks).toBeUndefined();
    expect((await sendToHost(t.base, assetPath, host.hostname)).status).toBe(404);
    expect((await sendToHost(t.base, aasaPath, host.hostname)).status).toBe(200);
    const cleared = await api(user, 'PATCH', `/api/v1/hostnames/${host.id}`, { appLinks: null });
    expect(cleared.json()).toMatchObject({ appLinks: null });
    expect((await sendToHost(t.base, aasaPath, host.hostname)).status).toBe(404);

    // Each change is in the audit log, like any other change of a hostname.
    const events = await api(user, 'GET', `/api/v1/events?resource=${host.id}`);
    const changed = (events.json() as { data: { type: string; data: { changes: object } }[] }).data
      .filter((event) => event.type === 'hostname.updated')
      .map((event) => Object.keys(event.data.changes));
    expect(changed).toEqual([['appLinks'], ['appLinks'], ['appLinks'], ['notFoundRedirect']]);
  });

  it('refuses app links that Apple or Google would not read, naming the field', async () => {
    const host = await hostname(user, 'badapps.example.com', true);
    const patch = (appLinks: unknown) => api(user, 'PATCH', `/api/v1/hostnames/${host.id}`, { appLinks });
    const paths = async (appLinks: unknown) => {
      const answer = await patch(appLinks);
      expect(answer.statusCode, answer.body).toBe(400);
      return (answer.json() as { errors: { path: string }[] }).errors.map((error) => error.path);
    };
    expect(await paths({ appleAppSiteAssociation: { appLinks: {} } })).toContain(
      '/body/appLinks/appleAppSiteAssociation/appLinks',
    );
    expect(
      await paths({ appleAppSiteAssociation: { applinks: { details: [{ appIDs: ['com.example.app'] }] } } }),
    ).toEqual(['/body/appLinks/appleAppSiteAssociation/applinks/details/0/appIDs/0']);
    expect(await paths({ appleAppSiteAssociation: { applinks: { details: [{ paths: ['*'] }] } } })).toEqual([
      '/body/appLinks/appleAppSiteAssociation/applinks/details/0',
    ]);
    const badPrint = {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: 'com.example.app',
        sha256_cert_fingerprints: ['ab:cd'],
      },
    };
    expect(await paths({ assetLinks: [badPrint] })).toContain(
      '/body/appLinks/assetLinks/0/target/sha256_cert_fingerprints/0',
    );
    const huge = {
      applinks: {
        details: [
          { appID: 'ABCDE12345.com.example.app', paths: Array.from({ length: 200 }, () => 'x'.repeat(1000)) },
        ],
      },
    };
    expect(await paths({ appleAppSiteAssociation: huge })).toEqual([
      '/body/appLinks/appleAppSiteAssociation',
    ]);
    // Nothing was stored by the refused patches.
    expect((await api(user, 'GET', `/api/v1/hostnames/${host.id}`)).json()).toMatchObject({ appLinks: null });
  });

  it('asks for the password of a protected code on the hostname and sets the pass for its path', async () => {
    const host = await hostname(user, 'locked.example.com', true);
    const code = (
      await createCode(user, { hostname: host.hostname, slug: 'vip', password: 'members only' })
    ).json();
    expect(code).toMatchObject({ passwordProtected: true, shortUrl: 'https://locked.example.com/vip' });
    const asked = await sendToHost(t.base, '/vip', host.hostname, 'GET', { 'user-agent': PHONE });
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('<form method="post">');

    const posted = await new Promise<HostAnswer>((resolve, reject) => {
      const body = 'password=members+only';
      const request = httpRequest(
        `${t.base}/vip`,
        {
          method: 'POST',
          headers: {
            host: host.hostname,
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': PHONE,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: '' }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect([posted.status, posted.headers.location]).toEqual([303, 'https://example.org/menu']);
    const cookie = [posted.headers['set-cookie'] ?? []].flat()[0] ?? '';
    expect(cookie).toMatch(/; Path=\/vip; HttpOnly; Secure; SameSite=Lax$/);
    const passed = await sendToHost(t.base, '/vip', host.hostname, 'GET', {
      cookie: cookie.split(';')[0] ?? '',
      'user-agent': PHONE,
    });
    expect([passed.status, passed.headers.location]).toEqual([302, 'https://example.org/menu']);
    const read = await api(user, 'GET', `/api/v1/qrcodes/${(code as { id: string }).id}`);
    expect(read.json()).toMatchObject({ scans: { total: 2 } });
  });

  it('does not route a name until it is verified', async () => {
    const pending = await hostname(user, 'notyet.example.com', false);
    const answer = await sendToHost(t.base, '/anything', pending.hostname);
    // Not a customer's host: the primary host's rules apply (no slugs at the root).
    expect(answer.body).not.toContain('This code is not active');
  });

  it('answers the TLS ask for verified names only, and only to the TLS proxy', async () => {
    const verified = await hostname(user, 'tls.example.com', true);
    const pending = await hostname(user, 'tls-pending.example.com', false);
    const ask = (domain: string, headers = {}) =>
      sendToHost(
        t.base,
        `/internal/tls/allow?domain=${encodeURIComponent(domain)}`,
        '127.0.0.1',
        'GET',
        headers,
      );

    expect((await ask(verified.hostname)).status).toBe(200);
    expect((await ask('TLS.example.com.')).status).toBe(200);
    expect((await ask(pending.hostname)).status).toBe(404);
    expect((await ask('unknown.example.com')).status).toBe(404);
    const missing = await sendToHost(t.base, '/internal/tls/allow', '127.0.0.1');
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toMatchObject({ errors: [{ path: '/query/domain' }] });
    // A request proxied from outside arrives from loopback too, but says where it came from.
    expect((await ask(verified.hostname, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
    // To anyone else the route does not exist: a missing domain is not even validated.
    const outsider = await sendToHost(t.base, '/internal/tls/allow', '127.0.0.1', 'GET', {
      'x-forwarded-for': '203.0.113.7',
    });
    expect(outsider.status).toBe(404);
  });
});

describe.each(engines)('the TLS ask while the database is down on $name', (engine) => {
  it('keeps allowing names verified before the outage', async () => {
    const dnsPort = await freePort();
    const t = await listeningTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        PUBLIC_URL: 'https://app.rq.example',
        EDGE_HOSTNAME: EDGE,
        DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
      },
    });
    try {
      const user = await signedInUser(t);
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v1/hostnames',
        headers: user.headers,
        payload: { hostname: 'outage.example.com' },
      });
      const host = added.json() as HostnameBody;
      const dns = await startDnsmasq(dnsPort, {
        localDomains: ['example.com'],
        records: [
          `--host-record=${EDGE},127.0.0.2`,
          `--txt-record=${host.verification.name},${host.verification.value}`,
          `--cname=${host.hostname},${EDGE}`,
        ],
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/hostnames/${host.id}/verify`,
        headers: user.headers,
      });
      await dns.stop();

      // The database goes away under the running app (its handle closes the file or ends the pool).
      await t.database.handle.destroy();
      const api = await t.app.inject({ method: 'GET', url: '/api/v1/hostnames', headers: user.headers });
      expect(api.statusCode).toBeGreaterThanOrEqual(500);
      const ask = await sendToHost(t.base, '/internal/tls/allow?domain=outage.example.com', '127.0.0.1');
      expect(ask.status).toBe(200);
      // The periodic reload fails and keeps what it has.
      await t.app.hostnames.served.reloadAll();
      expect(
        (await sendToHost(t.base, '/internal/tls/allow?domain=outage.example.com', '127.0.0.1')).status,
      ).toBe(200);
    } finally {
      await t.app.close().catch(() => undefined);
    }
  });
});
