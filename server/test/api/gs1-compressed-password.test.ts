import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDigitalLink } from '../../src/modules/gs1/gs1.compression.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { addHostname, hostnameTestEnv, sendToHost } from '../helpers/custom-hostnames.js';
import { engines } from '../helpers/engines.js';
import { nextTestGtin } from '../helpers/gs1-api.js';

/**
 * A password-protected GS1 item scanned through a compressed Digital Link (one path segment), on
 * the real socket of every kind of host: the form it shows posts back to the compressed URI, which
 * takes the POST, and the right password sends the scanner to the link the URI names (recorded
 * once), with a pass for that URI.
 */

const BRAND = 'id.example.com';
const RESOLVER = 'gs1.example.com';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': IPHONE };

describe.each(engines)('a protected GS1 item behind a compressed Digital Link on $name', (engine) => {
  let t: TestApp & { base: string };
  let owner: SignedInUser;

  beforeAll(async () => {
    const setup = await hostnameTestEnv();
    t = await listeningTestApp(engine, { env: setup.env });
    owner = await signedInUser(t);
    await addHostname(t, setup.dnsPort, owner.headers, BRAND);
    const resolver = await addHostname(t, setup.dnsPort, owner.headers, RESOLVER);
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/hostnames/${resolver.id}`,
      headers: owner.headers,
      payload: { gs1Resolver: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
  });
  afterAll(() => t.close());

  /** A protected item on `hostname` (our own hosts when undefined), and its lot's compressed path. */
  async function protectedItem(hostname: string | undefined): Promise<string> {
    const gtin = nextTestGtin();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gs1/items',
      headers: owner.headers,
      payload: {
        primaryKey: { ai: '01', value: gtin },
        ...(hostname ? { hostname } : {}),
        defaultLinkType: 'gs1:pip',
        links: [{ linkType: 'gs1:pip', href: 'https://example.com/pip', title: 'Product' }],
        levels: [
          {
            qualifiers: [{ ai: '10', value: '{lotnumber}' }],
            defaultLinkType: 'gs1:pip',
            links: [{ linkType: 'gs1:pip', href: 'https://example.com/pip?lot={lotnumber}', title: 'Lot' }],
          },
        ],
        controls: { password: 'open sesame' },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const identifiers = {
      primaryKey: { ai: '01', value: gtin },
      qualifiers: [{ ai: '10', value: 'LOT7' }],
      attributes: [],
      stem: '',
    };
    return compressDigitalLink(identifiers, '');
  }

  async function scansRecorded(): Promise<number> {
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/summary?range=all',
      headers: owner.headers,
    });
    return (summary.json() as { total: number }).total;
  }

  it.each([
    ['the primary host', 'app.rq.example', undefined],
    ['the short host', 'rq.link', undefined],
    ["a customer's hostname", BRAND, BRAND],
    ['a GS1 resolver hostname', RESOLVER, RESOLVER],
  ])(
    'takes the form’s POST at the compressed URI on %s, and the right password reaches the link',
    async (_, host, itemHost) => {
      const path = await protectedItem(itemHost);
      const uri = `${path}?src=box`;
      const form = await sendToHost(t.base, uri, host);
      expect(form.status).toBe(200);
      expect(form.body).toContain('<form method="post">');

      const wrong = await sendToHost(t.base, uri, host, 'POST', FORM, 'password=not+it');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toContain('That password is not right');

      const before = await scansRecorded();
      const right = await sendToHost(t.base, uri, host, 'POST', FORM, 'password=open+sesame');
      expect([right.status, right.headers.location]).toEqual([
        303,
        'https://example.com/pip?lot=LOT7&src=box',
      ]);
      expect(await scansRecorded()).toBe(before + 1);
      // The pass is for the compressed URI the scanner holds: the next scan of it goes straight on.
      const cookie = String(right.headers['set-cookie']);
      expect(cookie).toContain(`Path=${path};`);
      const again = await sendToHost(t.base, path, host, 'GET', { cookie: cookie.split(';')[0] as string });
      expect([again.status, again.headers.location]).toEqual([307, 'https://example.com/pip?lot=LOT7']);
      expect((await sendToHost(t.base, path, host)).status).toBe(200);
    },
  );

  it('answers a POST to an unknown path 404, and one to an unprotected item’s compressed URI 405', async () => {
    expect((await sendToHost(t.base, '/no-such-slug', 'rq.link', 'POST', FORM, 'password=x')).status).toBe(
      404,
    );
    // An unprotected item's compressed URI takes no POST.
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/v1/gs1/items',
      headers: owner.headers,
      payload: {
        primaryKey: { ai: '01', value: nextTestGtin() },
        links: [{ linkType: 'gs1:pip', href: 'https://example.com/open', title: 'Open' }],
      },
    });
    expect(open.statusCode, open.body).toBe(201);
    const openPath = compressDigitalLink(
      { primaryKey: open.json().primaryKey, qualifiers: [], attributes: [], stem: '' },
      '',
    );
    for (const host of ['app.rq.example', 'rq.link']) {
      const refused = await sendToHost(t.base, openPath, host, 'POST', FORM, 'password=x');
      expect([host, refused.status]).toEqual([host, 405]);
    }
  });
});
