import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { sampleScan } from '../helpers/scans.js';

const CODES = 10_000;

/**
 * Serialised packaging (issue 34): every scan is some code's first, by a visitor of its own. The
 * rollups fold them thousands at a time (docs/adr/2026-11-26-cold-scans.md); the answers stay exact.
 */
describe.each(engines)('ten thousand codes scanned once each on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
    // Recorded at once, as a burst over the edge would: groups of many codes each.
    await Promise.all(
      Array.from({ length: CODES }, (_, i) =>
        t.app.scans.record(
          sampleScan(`qr_cold${String(i).padStart(5, '0')}`, user.workspaceId, '2026-11-20T10:00:00Z', {
            at: Date.parse('2026-11-20T10:00:00Z') + i,
            visitorHash: `visitor-${i}`,
          }),
        ),
      ),
    );
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/${url}`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown> & {
      rows: { key: string; total: number; unique: number }[];
    };
  };

  it('shows 10,000 scans and 10,000 unique visitors, and one row per code', async () => {
    const range = 'from=2026-11-20&to=2026-11-21&timeZone=Europe/Berlin';
    expect(await get(`summary?${range}`)).toMatchObject({ total: CODES, unique: CODES, bots: 0 });
    // The breakdown shows 1,000 rows at most: each one scan and one visitor.
    const breakdown = await get(`breakdown?${range}&by=qrcode&limit=1000`);
    expect(breakdown.rows).toHaveLength(1000);
    expect(breakdown.rows.every((row) => row.total === 1 && row.unique === 1)).toBe(true);
    // All of them, as the breakdown reads them: one key per code, each one scan and one visitor.
    const byCode = await t.app.scans.countsByKey(
      { workspaceId: user.workspaceId, codes: undefined, filters: {} },
      'qrcode',
      Date.parse('2026-11-19T23:00:00Z'),
      Date.parse('2026-11-20T23:00:00Z'),
    );
    expect(byCode.size).toBe(CODES);
    expect([...byCode.values()].every((c) => c.scans === 1 && c.visitors === 1 && c.bots === 0)).toBe(true);
  }, 120_000);
});
