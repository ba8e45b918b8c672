import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { referenceDocuments } from '../helpers/gs1-api.js';

const IMPORT = '/api/v1/qrcodes/import?format=gs1-resolver';

describe.each(engines)("importing GS1's reference resolver's documents on $name", (engine) => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    owner = await signedInUser(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, who = owner) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
  const items = async (who = owner) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/gs1/items', headers: who.headers })).json()
      .data as Array<{
      primaryKey: { value: string };
      levels: unknown[];
    }>;

  it('checks the documents on a dry run and writes nothing', async () => {
    const answer = await post(`${IMPORT}&dryRun=true`, referenceDocuments());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ rows: 6, created: 6, skipped: 0, dryRun: true, errors: [] });
    expect(await items()).toEqual([]);
  });

  it('refuses the whole import for one bad document, naming its row and field', async () => {
    const documents = referenceDocuments();
    const broken = structuredClone(documents);
    (broken[1] as { links: Array<{ href: string }> }).links[0]!.href = 'ftp://example.com/x';
    (broken[3] as { anchor: string }).anchor = '/01/09506000134353';
    const answer = await post(IMPORT, broken);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors.map((e: { path: string }) => e.path)).toEqual([
      '/rows/2/links/0/href',
      '/rows/4/anchor',
    ]);
    expect(await items()).toEqual([]);
    const dry = await post(`${IMPORT}&dryRun=true`, broken);
    expect(dry.json()).toMatchObject({ rows: 6, dryRun: true });
    expect(dry.json().errors.map((e: { row: number }) => e.row)).toEqual([2, 4]);
  });

  it('imports them as they are, one item per anchor, and the edge resolves them', async () => {
    const answer = await post(IMPORT, referenceDocuments());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ rows: 6, created: 6, skipped: 0, dryRun: false, errors: [] });
    const made = await items();
    expect(made.map((item) => item.primaryKey.value).sort()).toEqual([
      '095060001343',
      '0950600013430000001',
      '09506000134352',
      '09506000134376',
    ]);
    expect(made.find((item) => item.primaryKey.value === '09506000134376')?.levels).toHaveLength(2);
    const scan = await t.app.inject({ method: 'GET', url: '/01/09506000134376/10/LOT01' });
    expect(scan.statusCode).toBe(307);
    expect(scan.headers.location).toBe('https://dalgiardino.com/medicinal-compound/pil.html?lot=LOT01');
    const events = await t.app.inject({
      method: 'GET',
      url: '/api/v1/events?type=gs1_item.created',
      headers: owner.headers,
    });
    expect(events.json().data).toHaveLength(4);
  });

  it('reports keys already registered, and with atomic=false makes the rest', async () => {
    const again = await post(`${IMPORT}&atomic=false`, [
      ...referenceDocuments().slice(0, 1),
      {
        anchor: '/01/09506000134369',
        defaultLinktype: 'gs1:pip',
        links: [{ linktype: 'gs1:pip', href: 'https://example.com/new', title: 'New' }],
      },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ rows: 2, created: 1, skipped: 1 });
    expect(again.json().errors).toEqual([
      {
        row: 1,
        problem: expect.objectContaining({
          code: 'conflict',
          errors: [{ path: '/anchor', message: expect.any(String) }],
        }),
      },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/01/09506000134369' })).headers.location).toBe(
      'https://example.com/new',
    );
  });

  it('refuses what is not a document with a row problem, and a CSV body with 415', async () => {
    const answer = await post(`${IMPORT}&dryRun=true`, [{ links: 'none' }]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().errors[0].problem.errors.map((e: { path: string }) => e.path)).toEqual([
      '/anchor',
      '/links',
    ]);
    const csv = await t.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload: 'gtin,href\n',
    });
    expect(csv.statusCode).toBe(415);
  });
});
