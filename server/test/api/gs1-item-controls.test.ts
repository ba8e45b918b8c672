import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { nextTestGtin } from '../helpers/gs1-api.js';

/**
 * A GS1 item's password and UTM tags (issue 46): the password form answers at the item's URI and
 * posts back to it; the right password sends the scanner on (recorded once) and opens every level
 * of the key; "Test a scan" says what the controls decide; an export keeps the password.
 */

const PIP = 'https://example.com/pip';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const LOT = 'https://example.com/pip?lot={lotnumber}';

describe.each(engines)("a GS1 item's password and UTM tags on $name", (engine) => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: owner.headers, ...(payload ? { payload } : {}) });
  const scan = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
  // A phone's browser (the test client's own user agent reads as a bot, whose scans are not counted).
  const postForm = (url: string, password: string | null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        host: 'localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': IPHONE,
        ...headers,
      },
      payload: password === null ? '' : `password=${encodeURIComponent(password)}`,
    });

  async function item(controls: Record<string, unknown>): Promise<{ gtin: string; id: string }> {
    const gtin = nextTestGtin();
    const made = await api('POST', '/gs1/items', {
      primaryKey: { ai: '01', value: gtin },
      defaultLinkType: 'gs1:pip',
      links: [{ linkType: 'gs1:pip', href: PIP, title: 'Product' }],
      levels: [
        {
          qualifiers: [{ ai: '10', value: '{lotnumber}' }],
          defaultLinkType: 'gs1:pip',
          links: [{ linkType: 'gs1:pip', href: LOT, title: 'Lot' }],
        },
      ],
      controls,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { gtin, id: made.json().id };
  }

  it('shows the form at the item’s URI, and the right password posted back to it sends the scanner on', async () => {
    const { gtin, id } = await item({ password: 'open sesame' });
    const read = await api('GET', `/gs1/items/${id}`);
    expect(read.json().controls).toMatchObject({ passwordProtected: true, utm: null });
    expect(read.body).not.toContain('open sesame');
    const uri = `/01/${gtin}/10/LOT7?src=box`;
    const form = await scan(uri);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/text\/html/);
    expect(form.body).toContain('<form method="post">');
    expect(form.headers.location).toBeUndefined();
    // The linkset is the item's public description: no password for it.
    expect((await scan(`/01/${gtin}?linkType=linkset`)).statusCode).toBe(200);

    const wrong = await postForm(uri, 'not it');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That password is not right');
    expect((await postForm(uri, null)).statusCode).toBe(400);

    const before = await summaryTotal();
    const right = await postForm(uri, 'open sesame');
    expect(right.statusCode, right.body).toBe(303);
    expect(right.headers.location).toBe('https://example.com/pip?lot=LOT7&src=box');
    expect(await summaryTotal()).toBe(before + 1);
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toContain(`Path=/01/${gtin}`);
    // The pass opens the key's other levels too, and the item itself.
    const pass = cookie.split(';')[0] as string;
    expect((await scan(`/01/${gtin}/10/OTHER`, { cookie: pass })).headers.location).toBe(
      'https://example.com/pip?lot=OTHER',
    );
    expect((await scan(`/01/${gtin}`, { cookie: pass })).statusCode).toBe(307);
    // Removing the password opens the item to every scanner.
    const opened = await api('PATCH', `/gs1/items/${id}`, { controls: { password: null } });
    expect(opened.json().controls.passwordProtected).toBe(false);
    expect((await scan(`/01/${gtin}`)).statusCode).toBe(307);
  });

  it('takes no POST for an item without a password, and counts wrong tries', async () => {
    const open = await item({ utm: { source: 'qr' } });
    expect((await postForm(`/01/${open.gtin}`, 'anything')).statusCode).toBe(405);
    const locked = await item({ password: 'correct horse' });
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 10; i++)
      expect((await postForm(`/01/${locked.gtin}`, `no ${i}`, headers)).statusCode).toBe(401);
    const blocked = await postForm(`/01/${locked.gtin}`, 'correct horse', headers);
    expect([401, 429]).toContain(blocked.statusCode);
  });

  it('tags every link followed with the item’s UTM parameters, but not its expiredTarget', async () => {
    const { gtin, id } = await item({ utm: { source: 'packaging', campaign: 'spring' } });
    expect((await scan(`/01/${gtin}/10/A1`)).headers.location).toBe(
      'https://example.com/pip?lot=A1&utm_source=packaging&utm_campaign=spring',
    );
    // A link that has the parameter keeps its own value.
    expect((await scan(`/01/${gtin}?utm_source=shelf`)).headers.location).toBe(
      `${PIP}?utm_source=shelf&utm_campaign=spring`,
    );
    const patched = await api('PATCH', `/gs1/items/${id}`, {
      controls: {
        utm: { campaign: null },
        expiresAt: '2020-01-01T00:00:00Z',
        expiredTarget: 'https://example.com/over',
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().controls.utm).toEqual({ source: 'packaging' });
    expect((await scan(`/01/${gtin}`)).headers.location).toBe('https://example.com/over');
  });

  it('refuses a short password and a UTM value with control characters at their paths', async () => {
    const refused = async (controls: object) => {
      const answer = await api('POST', '/gs1/items', {
        primaryKey: { ai: '01', value: nextTestGtin() },
        links: [{ linkType: 'gs1:pip', href: PIP, title: 'Product' }],
        controls,
      });
      expect(answer.statusCode).toBe(400);
      return (answer.json().errors as Array<{ path: string }>).map((e) => e.path);
    };
    expect(await refused({ password: 'abc' })).toEqual(['/body/controls/password']);
    expect(await refused({ utm: { source: 'a\u0007b' } })).toEqual(['/body/controls/utm/source']);
  });

  it('says in "Test a scan" what the controls decide: the form, a stopped item, the tagged link', async () => {
    const { id } = await item({
      password: 'open sesame',
      utm: { medium: 'print' },
      maxScans: 5,
      expiresAt: '2030-01-01T00:00:00Z',
    });
    const simulate = (body: object) => api('POST', `/gs1/items/${id}/simulate`, body);
    expect((await simulate({})).json()).toMatchObject({ status: 200, outcome: 'password', location: null });
    expect((await simulate({ password: 'wrong' })).json()).toMatchObject({ outcome: 'password' });
    expect(
      (await simulate({ password: 'open sesame', qualifiers: [{ ai: '10', value: 'L1' }] })).json(),
    ).toMatchObject({
      status: 307,
      outcome: 'redirect',
      location: 'https://example.com/pip?lot=L1&utm_medium=print',
      stoppedBy: null,
    });
    const later = await simulate({ password: 'open sesame', at: '2031-06-01T00:00:00Z' });
    expect(later.json()).toMatchObject({ status: 410, outcome: 'stopped', stoppedBy: 'expired' });
    const usedUp = await simulate({ password: 'open sesame', scansBefore: 5 });
    expect(usedUp.json()).toMatchObject({ status: 410, outcome: 'stopped', stoppedBy: 'used_up' });
  });

  it('audits a change of the password as a fact, never the password or its hash', async () => {
    const { id } = await item({ password: 'first secret' });
    const patch = async (controls: object) =>
      expect((await api('PATCH', `/gs1/items/${id}`, { controls })).statusCode).toBe(200);
    await patch({ password: 'second secret' });
    await patch({ password: null });
    await patch({ password: 'third secret' });
    const events = await api('GET', `/events?resource=${id}&type=gs1_item.updated`);
    expect(events.statusCode, events.body).toBe(200);
    const changes = (events.json().data as Array<{ data: { changes: Record<string, unknown> } }>)
      .reverse()
      .map((event) => event.data.changes);
    const protectedAs = (on: boolean) => expect.objectContaining({ passwordProtected: on });
    expect(changes).toEqual([
      { password: ['set', 'replaced'] },
      { controls: [protectedAs(true), protectedAs(false)], password: ['set', 'none'] },
      { controls: [protectedAs(false), protectedAs(true)], password: ['none', 'set'] },
    ]);
    expect(events.body).not.toMatch(/secret|scrypt/);
  });

  it('exports a protected item with its password’s hash, and a bulk create restores it', async () => {
    const { gtin, id } = await item({ password: 'kept secret' });
    const exported = await api('GET', '/gs1/items/export.json');
    expect(exported.statusCode).toBe(200);
    const body = (
      exported.json().items as Array<{ primaryKey: { value: string }; controls?: Record<string, string> }>
    ).find((entry) => entry.primaryKey.value === gtin);
    expect(body?.controls?.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(body)).not.toContain('kept secret');
    await t.app.inject({ method: 'DELETE', url: `/api/v1/gs1/items/${id}`, headers: owner.headers });
    const restored = await api('POST', '/gs1/items/bulk', { items: [body] });
    expect(restored.json().data[0]).toMatchObject({ status: 201 });
    expect((await scan(`/01/${gtin}`)).statusCode).toBe(200);
    expect((await postForm(`/01/${gtin}`, 'kept secret')).statusCode).toBe(303);
    const forged = await api('POST', '/gs1/items', {
      primaryKey: { ai: '01', value: nextTestGtin() },
      links: [{ linkType: 'gs1:pip', href: PIP, title: 'Product' }],
      controls: { passwordHash: 'plain text' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0].path).toBe('/body/controls/passwordHash');
  });

  async function summaryTotal(): Promise<number> {
    return ((await api('GET', '/analytics/summary?range=all')).json() as { total: number }).total;
  }
});
