import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { discPng } from '../helpers/png.js';

const PURPLE = {
  dots: { type: 'rounded', color: '#4c1d95' },
  cornerSquares: { type: 'extra-rounded', color: '#4c1d95' },
  background: { color: '#ffffff' },
};

interface DesignBody {
  id: string;
  name: string;
  style: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

describe.each(engines)('designs on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  afterAll(() => t.close());

  const api = (
    who: { headers: Record<string, string> },
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...who.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const save = async (who: SignedInUser, name: string, style: unknown = PURPLE): Promise<DesignBody> => {
    const created = await api(who, 'POST', '/api/v1/designs', { name, style });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as DesignBody;
  };

  const createCode = async (who: SignedInUser, style: unknown = {}) => {
    const created = await api(who, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/menu',
      style,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; style: Record<string, unknown> };
  };

  it('saves a named style and reads it back, alone and in the list', async () => {
    const created = await api(alice, 'POST', '/api/v1/designs', { name: '  Brand purple ', style: PURPLE });
    expect(created.statusCode, created.body).toBe(201);
    const design = created.json() as DesignBody;
    expect(design.id).toMatch(/^dsn_[0-9a-z]{26}$/);
    expect(design).toMatchObject({ name: 'Brand purple', style: PURPLE });
    expect(created.headers.location).toBe(`/api/v1/designs/${design.id}`);
    expect(Date.parse(design.createdAt)).not.toBeNaN();

    const read = await api(alice, 'GET', `/api/v1/designs/${design.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(design);

    const list = await api(alice, 'GET', '/api/v1/designs');
    expect(list.json().data.map((d: DesignBody) => d.id)).toContain(design.id);
  });

  it('lists newest first, a page at a time, and only the account’s own', async () => {
    const carol = await signedInUser(t);
    const first = await save(carol, 'First');
    const second = await save(carol, 'Second');
    const third = await save(carol, 'Third');
    await save(bob, 'Not Carol’s');

    const page1 = await api(carol, 'GET', '/api/v1/designs?limit=2');
    expect(page1.json().data.map((d: DesignBody) => d.id)).toEqual([third.id, second.id]);
    const cursor = page1.json().nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const page2 = await api(carol, 'GET', `/api/v1/designs?limit=2&cursor=${cursor}`);
    expect(page2.json()).toEqual({ data: [expect.objectContaining({ id: first.id })], nextCursor: null });

    const badCursor = await api(carol, 'GET', '/api/v1/designs?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errors).toEqual([{ path: '/query/cursor', message: expect.any(String) }]);
  });

  it('checks the style as a code’s style is checked, with field paths', async () => {
    const unknownField = await api(alice, 'POST', '/api/v1/designs', {
      name: 'Typo',
      style: { dots: { type: 'rounded', colour: '#000000' } },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unknownField.json().errors.map((e: { path: string }) => e.path)).toContain(
      '/body/style/dots/colour',
    );

    const badType = await api(alice, 'POST', '/api/v1/designs', {
      name: 'Stars',
      style: { dots: { type: 'stars' } },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors.map((e: { path: string }) => e.path)).toContain('/body/style/dots/type');

    // Pale dots on white do not scan: the same answer a code gets.
    const pale = { dots: { color: '#eeeeee' }, background: { color: '#ffffff' } };
    const asDesign = await api(alice, 'POST', '/api/v1/designs', { name: 'Pale', style: pale });
    const asCode = await api(alice, 'POST', '/api/v1/qrcodes', {
      mode: 'redirect',
      target: 'https://example.com/',
      style: pale,
    });
    expect(asDesign.statusCode).toBeGreaterThanOrEqual(400);
    expect(asDesign.statusCode).toBe(asCode.statusCode);
    expect(asDesign.json().code).toBe(asCode.json().code);
    expect(asDesign.json().errors).toEqual(asCode.json().errors);

    const blank = await api(alice, 'POST', '/api/v1/designs', { name: '   ', style: PURPLE });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: '/body/name', message: 'must not be blank' }]);

    const missingStyle = await api(alice, 'POST', '/api/v1/designs', { name: 'No style' });
    expect(missingStyle.statusCode).toBe(400);
    expect(missingStyle.json().errors.map((e: { path: string }) => e.path)).toContain('/body/style');

    const list = await api(alice, 'GET', '/api/v1/designs?limit=100');
    const names = list.json().data.map((d: DesignBody) => d.name);
    expect(names).not.toContain('Typo');
    expect(names).not.toContain('Pale');
  });

  it('stores a data: logo once as an asset of the account', async () => {
    const logo = `data:image/png;base64,${discPng(64).toString('base64')}`;
    const design = await save(alice, 'With logo', {
      ...PURPLE,
      errorCorrection: 'H',
      logo: { src: logo, size: 0.1, margin: 1 },
    });
    const src = (design.style.logo as { src: string }).src;
    expect(src).toMatch(/^\/api\/v1\/assets\/ast_[0-9a-z]{26}$/);
    const asset = await t.app.inject({ method: 'GET', url: src });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toBe('image/png');
  });

  it('changes name and style by merge patch, and null starts from the default style', async () => {
    const design = await save(alice, 'To change');
    const renamed = await api(alice, 'PATCH', `/api/v1/designs/${design.id}`, {
      name: 'Changed',
      style: {
        dots: { color: '#2e1065' },
        frame: { text: 'Scan me', color: '#2e1065', textColor: '#ffffff' },
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: design.id,
      name: 'Changed',
      style: {
        dots: { type: 'rounded', color: '#2e1065' },
        cornerSquares: PURPLE.cornerSquares,
        frame: { text: 'Scan me' },
      },
    });

    const noFrame = await api(alice, 'PATCH', `/api/v1/designs/${design.id}`, { style: { frame: null } });
    expect(noFrame.json().style.frame).toBeUndefined();
    expect(noFrame.json().name).toBe('Changed');

    const refused = await api(alice, 'PATCH', `/api/v1/designs/${design.id}`, {
      style: { dots: { type: 'stars' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toContain('/body/style/dots/type');
    const unchanged = await api(alice, 'GET', `/api/v1/designs/${design.id}`);
    expect(unchanged.json().style.dots).toEqual({ type: 'rounded', color: '#2e1065' });

    const reset = await api(alice, 'PATCH', `/api/v1/designs/${design.id}`, { style: null });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().style).toEqual({});
  });

  it('deletes a design', async () => {
    const design = await save(alice, 'Short-lived');
    const deleted = await api(alice, 'DELETE', `/api/v1/designs/${design.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await api(alice, 'GET', `/api/v1/designs/${design.id}`)).statusCode).toBe(404);
    expect((await api(alice, 'DELETE', `/api/v1/designs/${design.id}`)).statusCode).toBe(404);
  });

  it('applies a design to codes: their style becomes the design’s, replaced and redrawn', async () => {
    const design = await save(alice, 'For codes');
    const framed = await createCode(alice, {
      dots: { type: 'dots', color: '#b91c1c' },
      frame: { text: 'Menu', color: '#b91c1c', textColor: '#ffffff' },
    });
    const plain = await createCode(alice);
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${framed.id}/image.svg`,
      headers: alice.headers,
    });
    expect(before.body).toContain('#b91c1c');

    const applied = await api(alice, 'POST', `/api/v1/designs/${design.id}/apply`, {
      codes: [framed.id, plain.id],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.map((c: { id: string }) => c.id)).toEqual([framed.id, plain.id]);
    for (const id of [framed.id, plain.id]) {
      const code = await api(alice, 'GET', `/api/v1/qrcodes/${id}`);
      expect(code.json().style).toEqual(PURPLE);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${framed.id}/image.svg`,
      headers: alice.headers,
    });
    expect(after.body).toContain('#4c1d95');
    expect(after.body).not.toContain('#b91c1c');
  });

  it('changes no code when one id of an apply is missing or another account’s', async () => {
    const design = await save(alice, 'All or nothing');
    const mine = await createCode(alice, { dots: { color: '#065f46' } });
    const theirs = await createCode(bob);
    const refused = await api(alice, 'POST', `/api/v1/designs/${design.id}/apply`, {
      codes: [mine.id, theirs.id],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found', errors: [{ path: '/body/codes/1' }] });
    expect((await api(alice, 'GET', `/api/v1/qrcodes/${mine.id}`)).json().style).toEqual({
      dots: { color: '#065f46' },
    });
    expect((await api(bob, 'GET', `/api/v1/qrcodes/${theirs.id}`)).json().style).toEqual({});

    const empty = await api(alice, 'POST', `/api/v1/designs/${design.id}/apply`, { codes: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((e: { path: string }) => e.path)).toContain('/body/codes');
  });

  it('keeps designs to their account: another account gets 404 for every method', async () => {
    const design = await save(alice, 'Private');
    const code = await createCode(bob);
    const url = `/api/v1/designs/${design.id}`;
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['PATCH', url, { name: 'Stolen' }],
      ['DELETE', url, undefined],
      ['POST', `${url}/apply`, { codes: [code.id] }],
    ] as const) {
      const response = await api(bob, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await api(alice, 'GET', url)).json().name).toBe('Private');
    expect((await api(bob, 'GET', `/api/v1/qrcodes/${code.id}`)).json().style).toEqual({});
  });

  it('asks API keys for designs:read, designs:write, and qrcodes:write to apply', async () => {
    const reader = await createApiKey(t, alice, ['designs:read']);
    const writer = await createApiKey(t, alice, ['designs:write']);
    const codesOnly = await createApiKey(t, alice, ['qrcodes:read', 'qrcodes:write']);

    expect((await api(reader, 'GET', '/api/v1/designs')).statusCode).toBe(200);
    const refused = await api(reader, 'POST', '/api/v1/designs', { name: 'Key', style: PURPLE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficient_scope', scope: 'designs:write' });
    expect((await api(codesOnly, 'GET', '/api/v1/designs')).statusCode).toBe(403);

    const created = await api(writer, 'POST', '/api/v1/designs', { name: 'Key', style: PURPLE });
    expect(created.statusCode).toBe(201);
    const code = await createCode(alice);
    const applyUrl = `/api/v1/designs/${created.json().id}/apply`;
    expect((await api(writer, 'POST', applyUrl, { codes: [code.id] })).statusCode).toBe(403);
    expect((await api(codesOnly, 'POST', applyUrl, { codes: [code.id] })).statusCode).toBe(200);
  });

  it('creates once for one Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `design-${Date.now()}` };
    const first = await api(bob, 'POST', '/api/v1/designs', { name: 'Once', style: PURPLE }, headers);
    const again = await api(bob, 'POST', '/api/v1/designs', { name: 'Once', style: PURPLE }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const list = await api(bob, 'GET', '/api/v1/designs?limit=100');
    expect(list.json().data.filter((d: DesignBody) => d.name === 'Once')).toHaveLength(1);
  });
});
