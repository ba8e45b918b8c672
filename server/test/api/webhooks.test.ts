import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { EventView } from '../../src/modules/events/events.schemas.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { checkAnswersAgainstOpenApi } from '../helpers/openapi-contract.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { createWorkspace } from '../helpers/workspaces.js';

/**
 * Webhooks as a developer integrating with them sees it: endpoints made and changed by admins,
 * a secret shown once, deliveries a real receiver verifies with the `standardwebhooks` library,
 * retried with the same webhook-id on the schedule (compressed here by WEBHOOK_RETRY_SCHEDULE),
 * 410 turning an endpoint off, Retry-After and timeouts, the delivery log with truncated bodies,
 * manual retries, the test event, and nothing from a change that was rolled back.
 */

interface Webhook {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  secret?: string;
}
interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  status: 'pending' | 'delivered' | 'failed';
  responseStatus: number | null;
  durationMs: number | null;
  at: string;
  nextAttemptAt: string | null;
}
interface Attempt {
  attempt: number;
  at: string;
  request: { headers: Record<string, string>; body: string; bodyTruncated: boolean };
  response: { status: number; headers: Record<string, string>; body: string; bodyTruncated: boolean } | null;
  durationMs: number;
  error: string | null;
}
type DeliveryDetail = Delivery & { attempts: Attempt[] };

const SETTINGS = {
  SSRF_ALLOW: '127.0.0.1',
  WEBHOOK_RETRY_SCHEDULE: '200,200,200,200',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '1000',
};
const WAIT = { timeout: 20_000, interval: 50 };

describe.each(engines)('webhooks on $name', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let paths = 0;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), ...SETTINGS } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const api = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };

  /** A new path of the receiver, and an endpoint there of a new user's, verified with its secret. */
  async function endpoint(
    events: string[] = ['webhook.updated'],
  ): Promise<{ user: SignedInUser; hook: Webhook; path: string }> {
    const user = await signedInUser(t);
    const path = `/hooks/${++paths}`;
    const created = await api('POST', '/api/v1/webhooks', user.headers, { url: receiver.url(path), events });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hook = created.body as Webhook;
    receiver.verifyWith(path, [hook.secret as string]);
    return { user, hook, path };
  }

  /** A change that records a `webhook.updated` event: the endpoint's description. */
  async function change(user: SignedInUser, hook: Webhook, description = `changed ${Math.random()}`) {
    const patched = await api('PATCH', `/api/v1/webhooks/${hook.id}`, user.headers, { description });
    expect(patched.status).toBe(200);
  }

  async function deliveries(user: SignedInUser, hook: Webhook, query = ''): Promise<Delivery[]> {
    const list = await api('GET', `/api/v1/webhooks/${hook.id}/deliveries${query}`, user.headers);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    return (list.body as { data: Delivery[] }).data;
  }

  async function detail(user: SignedInUser, hook: Webhook, id: string): Promise<DeliveryDetail> {
    const read = await api('GET', `/api/v1/webhooks/${hook.id}/deliveries/${id}`, user.headers);
    expect(read.status).toBe(200);
    return read.body as DeliveryDetail;
  }

  /** The only delivery of the endpoint, once `done` says it is where the test wants it. */
  async function onlyDelivery(
    user: SignedInUser,
    hook: Webhook,
    done: (delivery: Delivery) => boolean,
  ): Promise<Delivery> {
    return vi.waitFor(async () => {
      const [delivery, ...others] = await deliveries(user, hook);
      expect(others).toEqual([]);
      expect(delivery && done(delivery), JSON.stringify(delivery)).toBe(true);
      return delivery as Delivery;
    }, WAIT);
  }

  it('creates, lists, reads, changes and deletes endpoints; the secret is in the create answer only', async () => {
    const user = await signedInUser(t);
    const created = await api('POST', '/api/v1/webhooks', user.headers, {
      url: receiver.url('/crud'),
      description: 'CRM sync',
      events: ['qrcode.created', 'scan.created'],
    });
    expect(created.status).toBe(201);
    const hook = created.body as Webhook;
    expect(hook).toMatchObject({
      url: receiver.url('/crud'),
      description: 'CRM sync',
      events: ['qrcode.created', 'scan.created'],
      enabled: true,
      disabledReason: null,
    });
    expect(hook.id).toMatch(/^wh_/);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from((hook.secret as string).slice(6), 'base64')).toHaveLength(32);

    const read = await api('GET', `/api/v1/webhooks/${hook.id}`, user.headers);
    expect(read.body).not.toHaveProperty('secret');
    const list = await api('GET', '/api/v1/webhooks', user.headers);
    expect((list.body as { data: Webhook[] }).data.map((w) => w.id)).toEqual([hook.id]);
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);

    const patched = await api('PATCH', `/api/v1/webhooks/${hook.id}`, user.headers, {
      description: null,
      events: ['hostname.verified'],
      enabled: false,
    });
    expect(patched.body).toMatchObject({ description: '', events: ['hostname.verified'], enabled: false });

    const events = await api('GET', `/api/v1/events?resource=${hook.id}`, user.headers);
    const logged = (events.body as { data: EventView[] }).data;
    expect(logged.map((e) => e.type)).toEqual(['webhook.updated', 'webhook.created']);
    expect(JSON.stringify(logged)).not.toContain(hook.secret);

    expect((await api('DELETE', `/api/v1/webhooks/${hook.id}`, user.headers)).status).toBe(204);
    expect((await api('GET', `/api/v1/webhooks/${hook.id}`, user.headers)).status).toBe(404);
  });

  it('refuses bad endpoints with the path of each bad field', async () => {
    const user = await signedInUser(t);
    const refused = async (body: object) => {
      const answer = await api('POST', '/api/v1/webhooks', user.headers, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return (answer.body as { errors: Array<{ path: string }> }).errors.map((e) => e.path);
    };
    expect(await refused({ url: 'ftp://example.com/x', events: ['qrcode.created'] })).toEqual(['/body/url']);
    expect(await refused({ url: 'http://10.1.2.3/hook', events: ['qrcode.created'] })).toEqual(['/body/url']);
    expect(await refused({ url: 'http://[::1]:9/hook', events: ['qrcode.created'] })).toEqual(['/body/url']);
    expect(await refused({ url: 'https://example.com/hook', events: [] })).toContain('/body/events');
    expect(await refused({ url: 'https://example.com/hook', events: ['qrcode.exploded'] })).toContain(
      '/body/events/0',
    );
    const { hook } = await endpoint();
    const patch = await api('PATCH', `/api/v1/webhooks/${hook.id}`, user.headers, {
      url: 'http://169.254.169.254/',
    });
    expect(patch.status).toBe(404); // another user's endpoint
  });

  it("answers 404 for another workspace's endpoints and deliveries, and asks API keys for webhooks scopes", async () => {
    const { user, hook } = await endpoint();
    const stranger = await signedInUser(t);
    for (const url of [`/api/v1/webhooks/${hook.id}`, `/api/v1/webhooks/${hook.id}/deliveries`]) {
      expect((await api('GET', url, stranger.headers)).status).toBe(404);
    }
    expect((await api('POST', `/api/v1/webhooks/${hook.id}/test`, stranger.headers)).status).toBe(404);

    const reader = await createApiKey(t, user, ['webhooks:read']);
    expect((await api('GET', '/api/v1/webhooks', reader.headers)).status).toBe(200);
    const write = await api('POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, reader.headers);
    expect(write.status).toBe(403);
    expect((write.body as { code: string }).code).toBe('insufficient_scope');
    const writer = await createApiKey(t, user, ['webhooks:write']);
    expect((await api('POST', `/api/v1/webhooks/${hook.id}/test`, writer.headers)).status).toBe(202);
  });

  it('delivers each event signed the Standard Webhooks way, retrying with the same webhook-id until a 2xx', async () => {
    const { user, hook, path } = await endpoint();
    receiver.answer(path, (n) => (n <= 3 ? { status: 500, body: 'not yet' } : { status: 204 }));
    await change(user, hook);

    const delivery = await onlyDelivery(user, hook, (d) => d.status === 'delivered');
    expect(delivery).toMatchObject({ attempt: 4, responseStatus: 204, eventType: 'webhook.updated' });
    const requests = receiver.of(path);
    expect(requests).toHaveLength(4);
    for (const request of requests) {
      expect(request.verified).toEqual([true]);
      expect(request.headers['webhook-id']).toBe(delivery.eventId);
      expect(request.headers['content-type']).toBe('application/json');
    }
    const [event] = (
      (await api('GET', `/api/v1/events?resource=${hook.id}&type=webhook.updated`, user.headers)).body as {
        data: EventView[];
      }
    ).data;
    expect(delivery.eventId).toBe(event?.id);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      type: 'webhook.updated',
      timestamp: event?.at,
      data: event,
    });
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);

    const log = await detail(user, hook, delivery.id);
    expect(log.attempts.map((a) => a.response?.status)).toEqual([500, 500, 500, 204]);
    expect(log.attempts[0]?.response?.body).toBe('not yet');
    expect(log.attempts[0]?.request.headers['webhook-id']).toBe(delivery.eventId);
    expect(await deliveries(user, hook, '?status=failed')).toEqual([]);
    expect(await deliveries(user, hook, '?status=delivered&eventType=webhook.updated')).toHaveLength(1);
    expect(await deliveries(user, hook, '?to=2020-01-01')).toEqual([]);
  });

  it('signs with the old secret beside the new one after a rotation', async () => {
    const { user, hook, path } = await endpoint();
    const rotated = await api('POST', `/api/v1/webhooks/${hook.id}/rotate-secret`, user.headers);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body as Webhook;
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(hook.secret);
    expect(Date.parse(fresh.previousSecretExpiresAt as string) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    receiver.verifyWith(path, [hook.secret as string, fresh.secret as string]);
    await change(user, hook);

    await onlyDelivery(user, hook, (d) => d.status === 'delivered');
    const [request] = receiver.of(path);
    expect(request?.verified).toEqual([true, true]);
    expect(String(request?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const events = await api(
      'GET',
      `/api/v1/events?resource=${hook.id}&type=webhook.secret_rotated`,
      user.headers,
    );
    expect(JSON.stringify(events.body)).not.toContain((fresh.secret as string).slice(6));
  });

  it('turns the endpoint off when it answers 410, with a reason and a webhook.disabled event', async () => {
    const { user, hook, path } = await endpoint();
    receiver.answer(path, () => ({ status: 410 }));
    await change(user, hook);

    const delivery = await onlyDelivery(user, hook, (d) => d.status !== 'pending');
    expect(delivery).toMatchObject({ status: 'failed', attempt: 1, responseStatus: 410 });
    const read = (await api('GET', `/api/v1/webhooks/${hook.id}`, user.headers)).body as Webhook;
    expect(read.enabled).toBe(false);
    expect(read.disabledReason).toMatch(/410/);
    const events = await api('GET', `/api/v1/events?resource=${hook.id}&type=webhook.disabled`, user.headers);
    expect((events.body as { data: EventView[] }).data[0]).toMatchObject({
      actor: { type: 'system', id: 'webhooks' },
      data: { reason: read.disabledReason },
    });
    const off = await api('POST', `/api/v1/webhooks/${hook.id}/test`, user.headers);
    expect(off.status).toBe(409);
    const again = await api(
      'POST',
      `/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/retry`,
      user.headers,
    );
    expect(again.status).toBe(409);
    const back = await api('PATCH', `/api/v1/webhooks/${hook.id}`, user.headers, { enabled: true });
    expect(back.body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await api('POST', `/api/v1/webhooks/${hook.id}/test`, user.headers)).status).toBe(202);
  });

  it("waits for the receiver's Retry-After before the next attempt", async () => {
    const { user, hook, path } = await endpoint();
    receiver.answer(path, (n) =>
      n === 1 ? { status: 503, headers: { 'retry-after': '2' } } : { status: 200 },
    );
    await change(user, hook);

    const waiting = await onlyDelivery(user, hook, (d) => d.attempt === 1);
    expect(waiting.status).toBe('pending');
    // The schedule says 200 ms; the receiver asked for 2 s.
    expect(Date.parse(waiting.nextAttemptAt as string) - Date.parse(waiting.at)).toBeGreaterThanOrEqual(2000);
    await onlyDelivery(user, hook, (d) => d.status === 'delivered');
    expect(receiver.of(path)).toHaveLength(2);
  });

  it('retries an attempt that gets no answer within WEBHOOK_TIMEOUT_MS', async () => {
    const { user, hook, path } = await endpoint();
    receiver.answer(path, (n) => (n === 1 ? { hang: true } : { status: 200 }));
    await change(user, hook);

    const delivery = await onlyDelivery(user, hook, (d) => d.status === 'delivered');
    const log = await detail(user, hook, delivery.id);
    expect(log.attempts[0]).toMatchObject({ response: null });
    expect(log.attempts[0]?.error).toMatch(/^timeout/);
    expect(log.attempts[1]?.response?.status).toBe(200);
    expect(new Set(receiver.of(path).map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('keeps answers up to 4 KiB and shows request bodies up to 16 KiB, while sending them whole', async () => {
    const { user, hook, path } = await endpoint(['webhook.updated', 'scan.created']);
    receiver.answer(path, () => ({ status: 200, body: 'é'.repeat(10_000) }));
    const big = 'x'.repeat(40_000);
    await t.app.database.db
      .transaction()
      .execute((trx) =>
        t.app.webhooks.enqueue(trx, user.workspaceId, [
          { id: 'scan_big', type: 'scan.created', at: Date.now(), data: { big } },
        ]),
      );
    const delivery = await onlyDelivery(user, hook, (d) => d.status === 'delivered');
    const [attempt] = (await detail(user, hook, delivery.id)).attempts;
    expect(attempt?.response?.bodyTruncated).toBe(true);
    expect(Buffer.byteLength(attempt?.response?.body ?? '')).toBe(4096);
    expect(attempt?.request.bodyTruncated).toBe(true);
    expect(Buffer.byteLength(attempt?.request.body ?? '')).toBeLessThanOrEqual(16 * 1024);
    const [request] = receiver.of(path);
    expect(request?.verified).toEqual([true]);
    expect(JSON.parse(request?.body ?? '').data.big).toBe(big);
  });

  it('retries a failed delivery by hand, with the same webhook-id', async () => {
    const { user, hook, path } = await endpoint();
    let healthy = false;
    receiver.answer(path, () => ({ status: healthy ? 200 : 502 }));
    await change(user, hook);
    const failed = await onlyDelivery(user, hook, (d) => d.status === 'failed');
    expect(failed.attempt).toBe(5); // the first attempt and the schedule's four

    healthy = true;
    const retried = await api(
      'POST',
      `/api/v1/webhooks/${hook.id}/deliveries/${failed.id}/retry`,
      user.headers,
    );
    expect(retried.status).toBe(202);
    const delivered = await onlyDelivery(user, hook, (d) => d.status === 'delivered');
    expect(delivered.attempt).toBe(6);
    expect(new Set(receiver.of(path).map((r) => r.headers['webhook-id']))).toEqual(new Set([failed.eventId]));
  });

  it('sends a test event through the outbox, whatever the endpoint subscribes to', async () => {
    const { user, hook, path } = await endpoint(['hostname.verified']);
    const sent = await api('POST', `/api/v1/webhooks/${hook.id}/test`, user.headers);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempt: 0 });
    await onlyDelivery(user, hook, (d) => d.status === 'delivered');
    const [request] = receiver.of(path);
    expect(request?.verified).toEqual([true]);
    expect(JSON.parse(request?.body ?? '')).toMatchObject({
      type: 'webhook.test',
      data: { webhook: hook.id },
    });
  });

  it('never delivers an event whose change was rolled back', async () => {
    const { user, hook, path } = await endpoint();
    // The change fails after its event is written: the transaction and its outbox rows go.
    await expect(
      t.app.database.db.transaction().execute(async (trx) => {
        await t.app.events.record(trx, {
          type: 'webhook.updated',
          workspaceId: user.workspaceId,
          actor: { type: 'user', id: user.uid, email: null },
          resource: { type: 'webhook', id: hook.id },
          data: { changes: { description: ['', 'rolled back'] } },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await change(user, hook, 'committed');

    await vi.waitFor(async () => {
      const all = await deliveries(user, hook);
      expect(all.every((d) => d.status === 'delivered')).toBe(true);
    }, WAIT);
    const bodies = receiver.of(path).map((r) => JSON.parse(r.body).data.data.changes.description[1]);
    expect(bodies).not.toContain('rolled back');
    expect(bodies).toContain('committed');
  });

  it("erases a deleted workspace's endpoints and deliveries", async () => {
    const owner = await signedInUser(t);
    const workspaceId = await createWorkspace(t, owner, 'Hooks team');
    const headers = { ...owner.headers, 'rq-workspace': workspaceId };
    const created = await api('POST', '/api/v1/webhooks', headers, {
      url: receiver.url('/erased'),
      events: ['webhook.updated'],
    });
    const hook = created.body as Webhook;
    await api('POST', `/api/v1/webhooks/${hook.id}/test`, headers);
    const deleted = await api('DELETE', `/api/v1/workspaces/${workspaceId}`, owner.headers, {
      confirm: 'Hooks team',
    });
    expect(deleted.status).toBeLessThan(300);
    const db = t.app.database.db;
    expect(
      await db.selectFrom('webhooks').select('id').where('workspace_id', '=', workspaceId).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .execute(),
    ).toEqual([]);
  });
});

describe.each(engines)('the SSRF guard at every attempt on $name', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    // The endpoint is saved while `localhost` is allowed (by an earlier configuration, or a name
    // that resolved to a public address then); the instance that sends it allows nothing private.
    t = await buildTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        ...SETTINGS,
        SSRF_ALLOW: '',
        WEBHOOK_DISABLE_AFTER_MS: '300',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses a URL that resolves to a private address when sending, and turns a failing endpoint off', async () => {
    const user = await signedInUser(t);
    const url = receiver.url('/private').replace('127.0.0.1', 'localhost');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: user.headers,
      payload: { url, events: ['webhook.test'] },
    });
    expect(refused.statusCode).toBe(400);

    // Saved by an instance that allows localhost, on the same database.
    const lenient = await buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        SSRF_ALLOW: 'localhost',
        WEBHOOK_WORKER: 'false',
      }),
      { database: t.database.handle, migrate: false, serveWeb: false },
    );
    await lenient.ready();
    checkAnswersAgainstOpenApi(lenient);
    const created = await lenient.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: user.headers,
      payload: { url, events: ['webhook.test'] },
    });
    await lenient.close();
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json() as Webhook;

    await t.app.inject({ method: 'POST', url: `/api/v1/webhooks/${hook.id}/test`, headers: user.headers });
    const read = await vi.waitFor(async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${hook.id}`,
        headers: user.headers,
      });
      const body = answer.json() as Webhook;
      expect(body.enabled).toBe(false);
      return body;
    }, WAIT);
    expect(read.disabledReason).toMatch(/failed since/);
    expect(receiver.received).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/webhooks/${hook.id}/deliveries`,
      headers: user.headers,
    });
    const [delivery] = (list.json() as { data: Delivery[] }).data;
    expect(delivery?.status).toBe('failed');
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v1/webhooks/${hook.id}/deliveries/${delivery?.id}`,
      headers: user.headers,
    });
    const attempts = (log.json() as DeliveryDetail).attempts;
    expect(attempts.length).toBeGreaterThan(0);
    for (const attempt of attempts) {
      expect(attempt.response).toBeNull();
      expect(attempt.error).toMatch(/^blocked_address: localhost resolves to/);
    }
  });
});
