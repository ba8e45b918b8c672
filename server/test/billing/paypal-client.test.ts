import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalStandin, startPaypalStandin } from '../../../tools/paypal-standin/server.mjs';
import { PayPalClient, PayPalError, type WebhookHeaders } from '../../src/modules/billing/paypal.client.js';

/** The PayPal client against the stand-in, which speaks PayPal's documented REST shapes. */

interface Received {
  headers: WebhookHeaders;
  event: unknown;
}

/** A webhook receiver that keeps what it was sent. */
async function receiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers as unknown as WebhookHeaders,
        event: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('PayPal client against the stand-in', () => {
  let paypal: Awaited<ReturnType<typeof startPaypalStandin>>;
  let standin: PaypalStandin;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let clock = Date.now();
  let client: PayPalClient;

  beforeAll(async () => {
    paypal = await startPaypalStandin({ tokenTtlSeconds: 3600 });
    standin = paypal.standin;
    hooks = await receiver();
    client = new PayPalClient({
      apiBase: paypal.url,
      clientId: standin.clientId,
      clientSecret: standin.clientSecret,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await paypal.close();
    await hooks.close();
  });

  it('shows a subscription with one token for many calls, and a new token shortly before it expires', async () => {
    const created = standin.createSubscription({ plan_id: 'P-BASIC', custom_id: 'acct_1' });
    const before = standin.stats.tokensIssued;
    const first = await client.getSubscription(created.id);
    await client.getSubscription(created.id);
    expect(first).toMatchObject({
      id: created.id,
      plan_id: 'P-BASIC',
      custom_id: 'acct_1',
      status: 'APPROVAL_PENDING',
    });
    expect(standin.stats.tokensIssued - before).toBe(1);

    clock += 3600_000 - 30_000; // within the last minute of the token's hour
    await client.getSubscription(created.id);
    expect(standin.stats.tokensIssued - before).toBe(2);
  });

  it('gets a new token and retries once when PayPal no longer takes the cached one', async () => {
    const created = standin.createSubscription({ plan_id: 'P-BASIC' });
    await client.getSubscription(created.id);
    const before = standin.stats.tokensIssued;
    standin.expireTokens();
    expect((await client.getSubscription(created.id))?.id).toBe(created.id);
    expect(standin.stats.tokensIssued - before).toBe(1);
  });

  it('answers undefined for a subscription PayPal does not know', async () => {
    expect(await client.getSubscription('I-NOSUCHTHING1')).toBeUndefined();
  });

  it('fails with the status when the credentials are wrong', async () => {
    const wrong = new PayPalClient({ apiBase: paypal.url, clientId: standin.clientId, clientSecret: 'nope' });
    const error = await wrong.getSubscription('I-ANY').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalError);
    expect((error as PayPalError).status).toBe(401);
  });

  it('fails as unreachable when nothing answers at the API base', async () => {
    const away = new PayPalClient({ apiBase: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b' });
    const error = await away.getSubscription('I-ANY').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalError);
    expect((error as PayPalError).status).toBeUndefined();
  });

  it('cancels an active subscription, and a second cancel of the ended one counts as done', async () => {
    const created = standin.createSubscription({ plan_id: 'P-PRO' });
    standin.approve(created.id);
    await client.cancelSubscription(created.id, 'Cancelled on RQ Codes');
    expect(standin.show(created.id).status).toBe('CANCELLED');
    await expect(client.cancelSubscription(created.id, 'again')).resolves.toBeUndefined();
  });

  it('verifies a webhook the stand-in sent, and refuses forged ones', async () => {
    const created = standin.createSubscription({ plan_id: 'P-PRO', custom_id: 'acct_2' });
    const [activated] = standin.approve(created.id);
    await standin.deliver(activated!, { url: hooks.url });
    await standin.deliver(activated!, { url: hooks.url, forge: 'signature' });
    await standin.deliver(activated!, { url: hooks.url, forge: 'body' });
    await standin.deliver(activated!, { url: hooks.url, forge: 'webhook-id' });
    const [genuine, forgedSignature, forgedBody, otherWebhook] = hooks.received.slice(-4);
    expect(genuine!.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(await client.verifyWebhookSignature(genuine!.headers, standin.webhookId, genuine!.event)).toBe(
      true,
    );
    expect(await client.verifyWebhookSignature(genuine!.headers, 'WH-OTHER', genuine!.event)).toBe(false);
    for (const forged of [forgedSignature!, forgedBody!, otherWebhook!]) {
      expect(await client.verifyWebhookSignature(forged.headers, standin.webhookId, forged.event)).toBe(
        false,
      );
    }
  });
});
