import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { type DnsServer, startDnsmasq } from '../helpers/dnsmasq.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/**
 * The background re-check against a real DNS server: pending names verify by themselves,
 * verified names whose TXT record disappears keep serving through the grace period and then
 * fail (the edge and the TLS ask let go of them), and each due check runs once however many
 * instances poll. Due times are moved into the past in the table: the job reads the clock.
 */

interface HostnameBody {
  id: string;
  hostname: string;
  status: string;
  verification: { name: string; value: string };
  failure?: { code: string };
  nextCheckAt: string | null;
  graceEndsAt: string | null;
}

const EDGE = 'edge.rq.example';
const HOUR = 3_600_000;

function askTls(base: string, domain: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(`${base}/internal/tls/allow?domain=${domain}`, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe.each(engines)('the background hostname check on $name', (engine) => {
  let t: TestApp & { base: string };
  let user: SignedInUser;
  let dnsPort: number;
  let dns: DnsServer | undefined;

  beforeAll(async () => {
    dnsPort = await freePort();
    t = await listeningTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        PUBLIC_URL: 'https://app.rq.example',
        EDGE_HOSTNAME: EDGE,
        DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
      },
    });
    user = await signedInUser(t);
  });
  afterEach(async () => {
    await dns?.stop();
    dns = undefined;
  });
  afterAll(() => t.close());

  const read = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/hostnames/${id}`, headers: user.headers })
    ).json() as HostnameBody;

  async function added(name: string): Promise<HostnameBody> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hostnames',
      headers: user.headers,
      payload: { hostname: name },
    });
    return response.json() as HostnameBody;
  }

  async function publish(host: HostnameBody, withTxt: boolean): Promise<void> {
    await dns?.stop();
    dns = await startDnsmasq(dnsPort, {
      localDomains: ['example.com'],
      records: [
        `--host-record=${EDGE},127.0.0.2`,
        `--cname=${host.hostname},${EDGE}`,
        ...(withTxt ? [`--txt-record=${host.verification.name},${host.verification.value}`] : []),
      ],
    });
  }

  const makeDue = (id: string, changes: { failing_since?: number } = {}) =>
    t.database.handle.db
      .updateTable('hostnames')
      .set({ next_check_at: 0, ...changes })
      .where('id', '=', id)
      .execute();

  it('schedules the first check of a new name a minute out, and verifies it when its records appear', async () => {
    const before = Date.now();
    const host = await added('later.example.com');
    const due = Date.parse(host.nextCheckAt ?? '');
    expect(due - before).toBeGreaterThanOrEqual(60_000);
    expect(due - before).toBeLessThan(70_000);

    await publish(host, true);
    await makeDue(host.id);
    expect(await t.app.hostnames.checkDue(20)).toBe(1);
    const after = await read(host.id);
    expect(after.status).toBe('verified');
    // Verified names are re-verified daily.
    expect(Date.parse(after.nextCheckAt ?? '') - Date.now()).toBeGreaterThan(23 * HOUR);
    expect(await askTls(t.base, host.hostname)).toBe(200);
  });

  it('keeps a verified name serving while its TXT record is gone for the grace period, then fails it', async () => {
    const host = await added('vanishing.example.com');
    await publish(host, true);
    await t.app.inject({ method: 'POST', url: `/api/v1/hostnames/${host.id}/verify`, headers: user.headers });
    expect(await askTls(t.base, host.hostname)).toBe(200);

    await publish(host, false);
    await makeDue(host.id);
    await t.app.hostnames.checkDue(20);
    const inGrace = await read(host.id);
    expect(inGrace).toMatchObject({ status: 'verified', failure: { code: 'txt_missing' } });
    const graceLeft = Date.parse(inGrace.graceEndsAt ?? '') - Date.now();
    expect(graceLeft).toBeGreaterThan(71 * HOUR);
    expect(graceLeft).toBeLessThanOrEqual(72 * HOUR);
    expect(await askTls(t.base, host.hostname)).toBe(200);

    await makeDue(host.id, { failing_since: Date.now() - 73 * HOUR });
    await t.app.hostnames.checkDue(20);
    const failed = await read(host.id);
    expect(failed).toMatchObject({ status: 'failed', graceEndsAt: null, failure: { code: 'txt_missing' } });
    expect(await askTls(t.base, host.hostname)).toBe(404);
  });

  it('runs a due check once when several instances poll at the same moment', async () => {
    const host = await added('once.example.com');
    await publish(host, false);
    await makeDue(host.id);
    const checked = await Promise.all([t.app.hostnames.checkDue(20), t.app.hostnames.checkDue(20)]);
    expect(checked[0] + checked[1]).toBe(1);
    const after = await read(host.id);
    expect(after).toMatchObject({ status: 'pending', failure: { code: 'txt_missing' } });
    // The second automatic check comes two minutes later.
    const next = Date.parse(after.nextCheckAt ?? '') - Date.now();
    expect(next).toBeGreaterThan(110_000);
    expect(next).toBeLessThanOrEqual(120_000);
  });
});
