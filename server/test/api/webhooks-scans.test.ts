import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { type VerifyingReceiver, verifyingReceiver } from '../helpers/verifying-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/**
 * `scan.created`: every answered scan of a workspace with a subscribed endpoint reaches it once,
 * signed, as the live stream shows it; a receiver that is down holds no scan back.
 */
describe.each(engines)('scan.created webhooks on $name', (engine) => {
  let t: TestApp & { base: string };
  let receiver: VerifyingReceiver;

  beforeAll(async () => {
    receiver = await verifyingReceiver();
    t = await listeningTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        SSRF_ALLOW: '127.0.0.1',
        WEBHOOK_POLL_MS: '50',
        WEBHOOK_RETRY_SCHEDULE: '200,200,200,200,200,200,200,200,200,200',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function subscribe(user: SignedInUser, events: string[]) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: user.headers,
      payload: { url: receiver.url, description: 'scans', events },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as { id: string; secret: string };
    receiver.secret = body.secret;
    return body.id;
  }

  async function createCode(user: SignedInUser, slug: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: { slug, mode: 'redirect', target: 'https://example.com/' },
    });
    expect(created.statusCode).toBe(201);
    return (created.json() as { id: string }).id;
  }

  const scan = async (slug: string) => {
    const response = await fetch(`${t.base}/r/${slug}`, {
      redirect: 'manual',
      headers: { 'user-agent': IPHONE },
    });
    return response.status;
  };

  it('delivers each answered scan once, signed, with the scan as the live stream shows it', async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const webhook = await subscribe(user, ['scan.created']);
    const code = await createCode(user, `fed-${engine.name}`);
    await createCode(other, `unfed-${engine.name}`);

    const N = 40;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => scan(i % 4 === 3 ? `unfed-${engine.name}` : `fed-${engine.name}`)),
    );
    expect(answers.every((status) => status === 302)).toBe(true);
    const fedScans = N - N / 4;

    const calls = await waitFor(() => {
      const scans = receiver.calls.filter((call) => call.type === 'scan.created' && call.status < 300);
      return scans.length >= fedScans ? scans : undefined;
    }, 'the scans delivered');
    // Then every delivery of the endpoint is finished, so nothing beyond them is on its way
    // (the other workspace subscribes to nothing).
    await waitFor(async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${webhook}/deliveries?status=pending&limit=100`,
        headers: user.headers,
      });
      return (list.json() as { data: unknown[] }).data.length === 0;
    }, 'no delivery left pending');
    const delivered = receiver.calls.filter((call) => call.type === 'scan.created');
    expect(delivered).toHaveLength(fedScans);
    expect(delivered.every((call) => call.verified)).toBe(true);
    expect(new Set(delivered.map((call) => call.id)).size).toBe(fedScans);
    expect(delivered.every((call) => call.id.startsWith('scan_'))).toBe(true);
    expect(calls[0]?.data).toMatchObject({
      qrcode: code,
      hostname: expect.any(String),
      rule: null,
      target: 'https://example.com/',
      device: 'mobile',
      os: 'ios',
      bot: false,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers every scan while the receiver is down, and delivers them once it is back', async () => {
    const user = await signedInUser(t);
    const webhook = await subscribe(user, ['scan.created']);
    await createCode(user, `down-${engine.name}`);
    receiver.answer = { status: 503, delayMs: 0 };
    const before = receiver.deliveredCounts().size;

    const N = 30;
    const answers = await Promise.all(Array.from({ length: N }, () => scan(`down-${engine.name}`)));
    expect(answers.every((status) => status === 302)).toBe(true);
    // Every scan has its delivery, pending, while the receiver refuses them.
    await waitFor(async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${webhook}/deliveries?eventType=scan.created&limit=100`,
        headers: user.headers,
      });
      const data = (list.json() as { data: { status: string; attempt: number }[] }).data;
      return data.length === N && data.every((d) => d.status === 'pending' && d.attempt >= 1);
    }, 'a failed attempt of each delivery');

    receiver.answer = { status: 204, delayMs: 0 };
    await waitFor(() => receiver.deliveredCounts().size >= before + N, 'the retries');
    const counts = receiver.deliveredCounts();
    expect(counts.size).toBe(before + N);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});
