import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';

const TOKEN = 'metrics-token-0123456789';

describe.each<{ name: string; env: Record<string, string> }>([
  { name: 'without METRICS_TOKEN', env: {} },
  { name: 'with METRICS_TOKEN', env: { METRICS_TOKEN: TOKEN } },
  { name: 'behind a proxy on this machine', env: { TRUST_PROXY: 'true', METRICS_TOKEN: TOKEN } },
])('/metrics $name', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' }, { env });
  });
  afterAll(() => t.close());

  const metrics = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers a scraper on this machine', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await metrics(address);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('rq_http_request_duration_seconds');
    }
  });

  it('counts the scans the recorder wrote and its write transactions', async () => {
    const value = (body: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1]);
    const before = (await metrics('127.0.0.1')).body;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.scans.record({
          codeId: 'qr_metrics',
          accountId: 'acct_metrics',
          at: Date.now() + i,
          hostname: 'localhost',
          ruleId: null,
          target: 'https://example.com/',
          country: null,
          region: null,
          device: null,
          os: null,
          browser: null,
          language: null,
          referrerHost: null,
          bot: false,
          visitorHash: `v${i}`,
        }),
      ),
    );
    await t.app.scans.settled(); // journaled at once, in the database within a shipment
    const after = (await metrics('127.0.0.1')).body;
    expect(value(after, 'rq_scans_written_total') - value(before, 'rq_scans_written_total')).toBe(20);
    const batches = value(after, 'rq_scan_batches_total') - value(before, 'rq_scan_batches_total');
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThan(20); // grouped: concurrent scans share transactions
  });

  it('refuses anyone else without the token, as problem+json', async () => {
    const response = await metrics('203.0.113.7');
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    if (t.config.metricsToken) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect((await metrics('203.0.113.7', { authorization: 'Bearer wrong-token-0123456' })).statusCode).toBe(
        401,
      );
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(response.body).not.toContain('rq_http_request_duration_seconds');
  });

  it('answers anyone with the token when one is set', async () => {
    const response = await metrics('203.0.113.7', { authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(t.config.metricsToken ? 200 : 403);
  });

  it('does not take a proxied outside caller for a local one', async () => {
    const response = await metrics('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' });
    expect(response.statusCode).toBe(t.config.trustProxy ? 401 : 200);
  });
});
