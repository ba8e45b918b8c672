import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { waitFor } from '../helpers/wait-for.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

/** gs1_item.created, updated and deleted reach a webhook endpoint, signed, one delivery each. */

const SETTINGS = {
  SSRF_ALLOW: '127.0.0.1',
  WEBHOOK_RETRY_SCHEDULE: '200,200,200,200',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '1000',
};

describe.each(engines)('GS1 item webhooks on $name', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), ...SETTINGS } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('delivers every change of an item, by hand and in bulk, to an endpoint subscribed to gs1_item.*', async () => {
    const user = await signedInUser(t);
    const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
    const hook = await api('POST', '/api/v1/webhooks', {
      url: receiver.url('/gs1'),
      events: ['gs1_item.created', 'gs1_item.updated', 'gs1_item.deleted'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    receiver.verifyWith('/gs1', [hook.json().secret as string]);

    const link = { linkType: 'gs1:pip', href: 'https://example.com/p', title: 'Product' };
    const created = await api('POST', '/api/v1/gs1/items', {
      primaryKey: { ai: '01', value: '09506000134352' },
      links: [link],
    });
    const id = created.json().id as string;
    await api('PATCH', `/api/v1/gs1/items/${id}`, { itemDescription: 'Risotto' });
    await api('POST', '/api/v1/gs1/items/bulk', {
      items: [{ primaryKey: { ai: '01', value: '09506000134376' }, links: [link] }],
    });
    await api('DELETE', `/api/v1/gs1/items/${id}`);

    const received = await waitFor(
      () => (receiver.of('/gs1').length >= 4 ? receiver.of('/gs1') : undefined),
      'four GS1 deliveries',
    );
    // Deliveries may overtake one another: the set of events is what is promised.
    const types = received.map((r) => (JSON.parse(r.body) as { type: string }).type).sort();
    expect(types).toEqual(['gs1_item.created', 'gs1_item.created', 'gs1_item.deleted', 'gs1_item.updated']);
    expect(received.every((r) => r.verified[0] === true)).toBe(true);
  });
});
