import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventView } from '../../src/modules/events/events.schemas.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * One id follows a request everywhere it leaves a trace: the `x-request-id` of its answer, the
 * `requestId` of a problem it is refused with, the audit events of the changes it makes, and each
 * webhook delivery of those events (its log entry and the `rq-request-id` header the receiver gets).
 * What the system does on its own has none.
 */

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  requestId: string | null;
  status: 'pending' | 'delivered' | 'failed';
}
interface DeliveryDetail extends Delivery {
  attempts: Array<{ request: { headers: Record<string, string> } }>;
}

const SETTINGS = {
  SSRF_ALLOW: '127.0.0.1',
  WEBHOOK_RETRY_SCHEDULE: '200,200',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '1000',
};
const WAIT = { timeout: 20_000, interval: 50 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(engines)('request ids on $name', (engine) => {
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

  /** A request through inject; `requestId` is the answer's `x-request-id`. */
  async function api(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return {
      status: response.statusCode,
      body: response.body ? (response.json() as Record<string, unknown>) : undefined,
      requestId: response.headers['x-request-id'] as string,
    };
  }

  async function events(user: SignedInUser, query: string): Promise<EventView[]> {
    const answer = await api('GET', `/api/v1/events${query}`, user.headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: EventView[] }).data;
  }

  /** An endpoint of a new user's at a new path of the receiver, subscribed to `types`. */
  async function endpoint(types: string[]) {
    const user = await signedInUser(t);
    const path = `/ids/${++paths}`;
    const created = await api('POST', '/api/v1/webhooks', user.headers, {
      url: receiver.url(path),
      events: types,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hook = created.body as { id: string; secret: string };
    receiver.verifyWith(path, [hook.secret]);
    return { user, hook, path };
  }

  /** The endpoint's deliveries once every one of them is finished. */
  async function finishedDeliveries(user: SignedInUser, hookId: string, count: number): Promise<Delivery[]> {
    return vi.waitFor(async () => {
      const list = await api('GET', `/api/v1/webhooks/${hookId}/deliveries`, user.headers);
      const data = (list.body as { data: Delivery[] }).data;
      expect(data).toHaveLength(count);
      expect(data.every((delivery) => delivery.status !== 'pending')).toBe(true);
      return data;
    }, WAIT);
  }

  it('answers problems with the id of the request, its own or the one the caller sent', async () => {
    const user = await signedInUser(t);
    const refusals = [
      await api('POST', '/api/v1/qrcodes', user.headers, { mode: 'redirect', target: 'not a url' }),
      await api('GET', '/api/v1/qrcodes/qr_01jdx0m6r4c5zk2d9w1v8t7q3n', user.headers),
      await api('GET', '/api/v1/qrcodes', {}),
      await api(
        'POST',
        '/api/v1/qrcodes',
        { ...user.headers, 'x-request-id': 'caller-trace.42' },
        { mode: 'x' },
      ),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body?.code])).toEqual([
      [400, 'validation_failed'],
      [404, 'not_found'],
      [401, 'unauthorized'],
      [400, 'validation_failed'],
    ]);
    for (const answer of refusals) expect(answer.body?.requestId).toBe(answer.requestId);
    expect(refusals[0]?.requestId).toMatch(UUID);
    expect(refusals[3]?.requestId).toBe('caller-trace.42');
  });

  it("records the request's id on the events it makes and sends it with their deliveries", async () => {
    const { user, hook, path } = await endpoint(['qrcode.created', 'qrcode.updated']);
    const key = await createApiKey(t, user, ['qrcodes:write']);
    const created = await api(
      'POST',
      '/api/v1/qrcodes',
      { ...key.headers, 'x-request-id': 'crm-sync:7f3a' },
      { mode: 'redirect', target: 'https://example.com/ids' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.requestId).toBe('crm-sync:7f3a');
    const codeId = created.body?.id as string;
    const patched = await api('PATCH', `/api/v1/qrcodes/${codeId}`, user.headers, {
      target: 'https://example.com/ids-2',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.requestId).toMatch(UUID);

    const logged = await events(user, `?resource=${codeId}`);
    expect(logged.map((event) => [event.type, event.actor.type, event.requestId])).toEqual([
      ['qrcode.updated', 'user', patched.requestId],
      ['qrcode.created', 'apiKey', 'crm-sync:7f3a'],
    ]);

    const delivered = await finishedDeliveries(user, hook.id, 2);
    const byEvent = new Map(logged.map((event) => [event.id, event.requestId]));
    for (const delivery of delivered) {
      expect(delivery.status).toBe('delivered');
      expect(delivery.requestId).toBe(byEvent.get(delivery.eventId));
      const detail = await api('GET', `/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}`, user.headers);
      const attempts = (detail.body as unknown as DeliveryDetail).attempts;
      expect(attempts[0]?.request.headers['rq-request-id']).toBe(delivery.requestId);
    }
    const received = receiver.of(path);
    expect(received).toHaveLength(2);
    for (const request of received) {
      expect(request.verified).toEqual([true]);
      const eventId = request.headers['webhook-id'] as string;
      expect(request.headers['rq-request-id']).toBe(byEvent.get(eventId));
      expect((JSON.parse(request.body) as { data: EventView }).data.requestId).toBe(byEvent.get(eventId));
    }
  });

  it("gives the changes a rule's deletion makes to codes the deleting request's id", async () => {
    const user = await signedInUser(t);
    const rule = await api('POST', '/api/v1/rules', user.headers, {
      name: 'phones',
      when: { device: ['mobile'] },
      then: { redirect: 'https://example.com/phones' },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const ruleId = rule.body?.id as string;
    const code = await api('POST', '/api/v1/qrcodes', user.headers, {
      mode: 'redirect',
      target: 'https://example.com/rules',
      rules: [ruleId],
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const deleted = await api('DELETE', `/api/v1/rules/${ruleId}`, {
      ...user.headers,
      'x-request-id': 'cleanup-1',
    });
    expect(deleted.status).toBe(204);

    const [ruleDeleted] = await events(user, `?resource=${ruleId}&type=rule.deleted`);
    expect(ruleDeleted?.requestId).toBe('cleanup-1');
    await vi.waitFor(async () => {
      const [rulesUpdated] = await events(
        user,
        `?resource=${code.body?.id as string}&type=qrcode.rules_updated`,
      );
      expect(rulesUpdated?.requestId).toBe('cleanup-1');
    }, WAIT);
  });

  it('sends a webhook.test with the id of the request that asked for it', async () => {
    const { user, hook, path } = await endpoint(['qrcode.created']);
    const sent = await api('POST', `/api/v1/webhooks/${hook.id}/test`, {
      ...user.headers,
      'x-request-id': 'try-it',
    });
    expect(sent.status).toBe(202);
    expect(sent.body?.requestId).toBe('try-it');
    const [delivery] = await finishedDeliveries(user, hook.id, 1);
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'delivered', requestId: 'try-it' });
    expect(receiver.of(path)[0]?.headers['rq-request-id']).toBe('try-it');
  });

  it('leaves the id out of what the system does on its own', async () => {
    const { user, hook, path } = await endpoint(['webhook.updated']);
    receiver.answer(path, () => ({ status: 410 }));
    const patched = await api('PATCH', `/api/v1/webhooks/${hook.id}`, user.headers, {
      description: 'gone soon',
    });
    expect(patched.status).toBe(200);
    const [delivery] = await finishedDeliveries(user, hook.id, 1);
    expect(delivery).toMatchObject({ status: 'failed', requestId: patched.requestId });

    const logged = await events(user, `?resource=${hook.id}`);
    expect(logged.map((event) => [event.type, event.actor.type, event.requestId])).toEqual([
      ['webhook.disabled', 'system', null],
      ['webhook.updated', 'user', patched.requestId],
      ['webhook.created', 'user', expect.stringMatching(UUID)],
    ]);
  });
});
