import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { nextTestGtin } from '../helpers/gs1-api.js';
import { schemaErrors, validateGs1Linkset } from '../helpers/gs1-fixtures.js';

/** An item's rules pick among the links the resolver chose from; its link controls gate its scans. */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const PIP_EN = 'https://example.com/pip/en';
const PIP_IOS = 'https://example.com/pip/ios';
const LOT_IOS = 'https://example.com/pip/ios?lot={lotnumber}';
const RECIPES = 'https://example.com/recipes';

describe.each(engines)("a GS1 item's rules and link controls on $name", (engine) => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/gs1/items', headers: owner.headers, payload });
  const scan = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  async function itemWithRules(extra: Record<string, unknown> = {}): Promise<{ gtin: string; id: string }> {
    const gtin = nextTestGtin();
    const made = await create({
      primaryKey: { ai: '01', value: gtin },
      defaultLinkType: 'gs1:pip',
      links: [
        { linkType: 'gs1:pip', href: PIP_EN, title: 'Product', hreflang: ['en'] },
        { linkType: 'gs1:pip', href: PIP_IOS, title: 'Product (app)', hreflang: ['en'] },
        { linkType: 'gs1:recipeInfo', href: RECIPES, title: 'Recipes' },
      ],
      levels: [
        {
          qualifiers: [{ ai: '10', value: '{lotnumber}' }],
          defaultLinkType: 'gs1:pip',
          links: [
            { linkType: 'gs1:pip', href: 'https://example.com/pip/en?lot={lotnumber}', title: 'Lot' },
            { linkType: 'gs1:pip', href: LOT_IOS, title: 'Lot (app)' },
          ],
        },
      ],
      rules: [
        { when: { os: ['ios'] }, href: PIP_IOS },
        { when: { os: ['ios'] }, href: LOT_IOS },
        // Names a link of another type: never reached by a pip scan, never overriding linkType.
        { when: { os: ['android'] }, href: RECIPES },
      ],
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { gtin, id: made.json().id };
  }

  it("lets a rule pick among the default type's links, at the level that answers", async () => {
    const { gtin, id } = await itemWithRules();
    expect((await scan(`/01/${gtin}`)).headers.location).toBe(PIP_EN);
    expect((await scan(`/01/${gtin}`, { 'user-agent': IPHONE })).headers.location).toBe(PIP_IOS);
    // The lot level answers the lot's scans: its own links, the rule naming one by its template.
    expect((await scan(`/01/${gtin}/10/A1`)).headers.location).toBe('https://example.com/pip/en?lot=A1');
    expect((await scan(`/01/${gtin}/10/A1`, { 'user-agent': IPHONE })).headers.location).toBe(
      'https://example.com/pip/ios?lot=A1',
    );
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/gs1/items/${id}`,
      headers: owner.headers,
    });
    expect(read.json().rules).toHaveLength(3);
  });

  it('never overrides an explicit linkType, and never redirects a linkset request', async () => {
    const { gtin } = await itemWithRules();
    // The Android rule names the recipes link, which is not among the pip links: passed over.
    expect((await scan(`/01/${gtin}`, { 'user-agent': ANDROID })).headers.location).toBe(PIP_EN);
    // An explicit linkType keeps its type: the iOS rule's pip link is not a recipe.
    const asked = await scan(`/01/${gtin}?linkType=gs1:recipeInfo`, { 'user-agent': IPHONE });
    expect(asked.headers.location).toBe(`${RECIPES}?linkType=gs1:recipeInfo`);
    const linkset = await scan(`/01/${gtin}?linkType=linkset`, { 'user-agent': IPHONE });
    expect(linkset.statusCode).toBe(200);
    expect(schemaErrors(validateGs1Linkset, linkset.json())).toEqual([]);
    const accepted = await scan(`/01/${gtin}`, { 'user-agent': IPHONE, accept: 'application/linkset+json' });
    expect(accepted.statusCode).toBe(200);
  });

  it('refuses a rule naming no link of the item, or a bad condition, at its field path', async () => {
    const answer = await create({
      primaryKey: { ai: '01', value: nextTestGtin() },
      links: [{ linkType: 'gs1:pip', href: PIP_EN, title: 'Product' }],
      rules: [
        { when: { os: ['ios'] }, href: 'https://example.com/elsewhere' },
        { when: { country: ['zz'] }, href: PIP_EN },
      ],
    });
    expect(answer.statusCode).toBe(400);
    const paths = (answer.json().errors as Array<{ path: string }>).map((e) => e.path);
    expect(paths).toContain('/body/rules/0/href');
    expect(paths.some((p) => p.startsWith('/body/rules/1/when'))).toBe(true);
  });

  it('sends a stopped item to its expiredTarget, or answers 410 without one', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const expired = await itemWithRules({
      controls: { expiresAt: past, expiredTarget: 'https://example.com/over' },
    });
    const over = await scan(`/01/${expired.gtin}`, { 'user-agent': IPHONE });
    expect([over.statusCode, over.headers.location]).toEqual([307, 'https://example.com/over']);
    const notYet = await itemWithRules({ controls: { activeFrom: future } });
    const page = await scan(`/01/${notYet.gtin}/10/A1`);
    expect(page.statusCode).toBe(410);
    expect(page.headers['access-control-allow-origin']).toBe('*');
    // The linkset is the item's public description: still answered.
    expect((await scan(`/01/${notYet.gtin}?linkType=linkset`)).statusCode).toBe(200);
    // A patch that lifts the control answers the next scan.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/gs1/items/${notYet.id}`,
      headers: owner.headers,
      payload: { controls: { activeFrom: null } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().controls).toEqual({
      activeFrom: null,
      expiresAt: null,
      maxScans: null,
      expiredTarget: null,
      passwordProtected: false,
      utm: null,
    });
    expect((await scan(`/01/${notYet.gtin}`)).headers.location).toBe(PIP_EN);
  });

  it('answers as many counted scans as maxScans allows, then is used up', async () => {
    const capped = await itemWithRules({ controls: { maxScans: 2 } });
    const human = { 'user-agent': ANDROID };
    expect((await scan(`/01/${capped.gtin}`, human)).statusCode).toBe(307);
    // HEAD is answered but not counted.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/01/${capped.gtin}`,
      headers: { host: 'localhost', ...human },
    });
    expect(head.statusCode).toBe(307);
    expect((await scan(`/01/${capped.gtin}/10/B2`, human)).statusCode).toBe(307);
    expect((await scan(`/01/${capped.gtin}`, human)).statusCode).toBe(410);
  });

  it("checks the controls as codes' are: times in order, a real target", async () => {
    const answer = await create({
      primaryKey: { ai: '01', value: nextTestGtin() },
      links: [{ linkType: 'gs1:pip', href: PIP_EN, title: 'Product' }],
      controls: {
        activeFrom: '2030-01-02T00:00:00Z',
        expiresAt: '2030-01-01T00:00:00Z',
        expiredTarget: 'ftp://example.com/x',
      },
    });
    expect(answer.statusCode).toBe(400);
    const paths = (answer.json().errors as Array<{ path: string }>).map((e) => e.path).sort();
    expect(paths).toEqual(['/body/controls/expiredTarget', '/body/controls/expiresAt']);
  });
});
