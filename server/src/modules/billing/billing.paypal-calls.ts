import type { FastifyBaseLogger } from 'fastify';
import { Problem } from '../../shared/problem.js';
import { type PayPalClient, PayPalError } from './paypal.client.js';

/** The client, on a server that sells through PayPal; otherwise a 409 that says who grants plans. */
export function requirePaypal(paypal: PayPalClient | undefined): PayPalClient {
  if (!paypal) {
    throw new Problem(
      'conflict',
      'This server does not sell plans through PayPal; its operator grants them (npm run plans -- grant).',
    );
  }
  return paypal;
}

/** A PayPal call; PayPal away or answering oddly is a 502 (PayPal retries its webhooks). */
export async function fromPaypal<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    log.error({ err: error }, 'PayPal call failed');
    throw new Problem('bad_gateway', 'PayPal did not answer as expected; try again in a moment.');
  }
}
