import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CreatedKey, createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  '',
];
const LANGUAGES = ['de-DE', 'en-US,en;q=0.9', 'fr', 'de-CH,de;q=0.8', undefined];
const ADDRESSES = ['8.8.8.8', '85.214.132.117', '2a00:1450:4001:830::200e', '127.0.0.1'];
const REFERRERS = ['https://news.example.com/a', 'https://m.facebook.com/', undefined];
const QUERIES = ['', 'src=flyer', 'utm_source=scan&x=1', 'src=poster&src=flyer', 'utm_campaign='];
const SLUGS = ['prop-plain', 'prop-controlled', 'prop-stopped', 'prop-locked'] as const;

// The scans happen on a clock of the test's (only Date is faked): 72 hours from this instant.
const BASE = Date.parse('2026-12-07T00:00:00Z');
const HOUR = 3_600_000;

type Json = Record<string, unknown>;

/**
 * For random scans, the simulator's answer (target and status) is what the edge answers for the
 * same request: one decision (scan-decision.ts), one way of building the context. The codes
 * cover every step: a window and a cap (with and without expiredTarget), a password, apps, UTM
 * tags, and rules reading the OS, language, country, time, query, referrer, bots and the count.
 */
describe.each(engines)('the scan simulator against the edge on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  let reader: CreatedKey;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { SHORT_URL: 'http://rq.test', FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() },
    });
    user = await signedInUser(t);
    reader = await createApiKey(t, user, ['qrcodes:read']);
    const api = async (method: 'POST', url: string, payload: Json) => {
      const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json() as { id: string };
    };
    const rule = async (when: Json, then: Json) =>
      (await api('POST', '/rules', { name: 'r', when, then })).id;
    const rules = [
      await rule(
        { all: [{ os: ['ios'] }, { language: ['de'] }] },
        { redirect: 'https://example.com/ios-de?utm_source=own' },
      ),
      await rule(
        { time: { from: '09:00', to: '17:00', timeZone: 'Europe/Berlin', days: [1, 2, 3, 4, 5] } },
        { redirect: 'https://example.com/office' },
      ),
      await rule({ country: ['DE'] }, { redirect: 'https://example.com/{country}/{lang}', passQuery: true }),
      await rule(
        { query: { name: 'src', equals: 'flyer' } },
        { redirect: 'https://example.com/flyer', status: 307 },
      ),
      await rule({ referrer: ['facebook.com'] }, { redirect: 'https://example.com/social' }),
      await rule({ scans: { lt: 3 } }, { redirect: 'https://example.com/early', status: 301 }),
      await rule({ bot: true }, { redirect: 'https://example.com/bots' }),
    ];
    const window = {
      activeFrom: new Date(BASE + 6 * HOUR).toISOString(),
      expiresAt: new Date(BASE + 60 * HOUR).toISOString(),
    };
    const codes: Record<(typeof SLUGS)[number], Json> = {
      'prop-plain': { target: 'https://example.com/plain', rules },
      'prop-controlled': {
        target: 'https://example.com/default?utm_medium=own',
        rules,
        ...window,
        maxScans: 12,
        expiredTarget: 'https://example.com/over',
        utm: { source: 'qr', medium: 'print', campaign: 'winter sale' },
        apps: { ios: 'https://apps.example.com/ios' },
      },
      'prop-stopped': {
        target: 'https://example.com/stopped',
        rules: rules.slice(0, 3),
        ...window,
        maxScans: 3,
      },
      'prop-locked': {
        target: 'https://example.com/locked',
        rules,
        password: 'open sesame',
        utm: { source: 'qr' },
      },
    };
    for (const slug of SLUGS)
      ids.set(slug, (await api('POST', '/qrcodes', { slug, mode: 'redirect', ...codes[slug] })).id);
    vi.useFakeTimers({ toFake: ['Date'], now: BASE });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const scanArbitrary = fc.record({
    slug: fc.constantFrom(...SLUGS),
    at: fc.integer({ min: 0, max: 72 * 60 }).map((minutes) => BASE + minutes * 60_000),
    userAgent: fc.constantFrom(...USER_AGENTS),
    language: fc.constantFrom(...LANGUAGES),
    ip: fc.constantFrom(...ADDRESSES),
    referrer: fc.constantFrom(...REFERRERS),
    query: fc.constantFrom(...QUERIES),
  });

  it('answers as the edge does for random scans (target and status)', async () => {
    const steps = new Set<string>();
    await fc.assert(
      fc.asyncProperty(scanArbitrary, async (scan) => {
        vi.setSystemTime(scan.at);
        await t.app.scans.settled();
        const body: Json = {
          userAgent: scan.userAgent,
          ip: scan.ip,
          at: new Date(scan.at).toISOString(),
          query: scan.query,
        };
        if (scan.language !== undefined) body.language = scan.language;
        if (scan.referrer !== undefined) body.referrer = scan.referrer;
        const simulated = await t.app.inject({
          method: 'POST',
          url: `/api/v1/qrcodes/${ids.get(scan.slug)}/simulate`,
          headers: reader.headers,
          payload: body,
        });
        expect(simulated.statusCode, simulated.body).toBe(200);
        const headers: Record<string, string> = { 'user-agent': scan.userAgent };
        if (scan.language !== undefined) headers['accept-language'] = scan.language;
        if (scan.referrer !== undefined) headers.referer = scan.referrer;
        const edge = await t.app.inject({
          method: 'GET',
          url: `/r/${scan.slug}${scan.query === '' ? '' : `?${scan.query}`}`,
          headers,
          remoteAddress: scan.ip,
        });
        const { target, status, decidedBy } = simulated.json() as {
          target: string | null;
          status: number | null;
          decidedBy: string;
        };
        steps.add(decidedBy);
        expect({ target, status }).toEqual({
          target: edge.headers.location ?? null,
          status: edge.statusCode,
        });
      }),
      { numRuns: 120, seed: 32, endOnFailure: true },
    );
    // The random scans reached every step of the decision (so each was compared with the edge).
    expect([...steps].sort()).toEqual([
      'apps',
      'default',
      'expired',
      'inactive',
      'password',
      'rule',
      'used_up',
    ]);
  }, 120_000);
});
