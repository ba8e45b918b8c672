import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { type Clock, systemClock } from '../../shared/clock.js';
import { Problem } from '../../shared/problem.js';
import { fromPaypal } from './billing.paypal-calls.js';
import { recordWebhookEvent, webhookEventSeen } from './billing.repository.js';
import type { PayPalClient, WebhookHeaders } from './paypal.client.js';

export interface PaypalWebhooksOptions {
  log: FastifyBaseLogger;
  /** Set when PayPal credentials are configured. */
  paypal?: PayPalClient | undefined;
  webhookId?: string | undefined;
  /** Reads a subscription again from PayPal and stores it (billing.subscriptions.ts). */
  refresh: (providerSubscriptionId: string) => Promise<unknown>;
  clock?: Clock;
}

/**
 * PayPal's webhook: an event only says which subscription to read again from PayPal. Events
 * already handled are kept by id (billing_webhook_events), so a replay changes nothing.
 */
export class PaypalWebhooks {
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PaypalWebhooksOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /**
   * POST /billing/paypal/webhook. Nothing changes before PayPal confirms it sent the event to our
   * webhook; an event id seen before changes nothing; otherwise the subscription is read again from
   * PayPal and stored as PayPal has it now. Answers whether the event was new.
   */
  async receiveWebhook(
    headers: WebhookHeaders,
    event: { id: string; event_type: string; resource?: Record<string, unknown> },
  ): Promise<{ duplicate: boolean }> {
    const { paypal, webhookId, log, refresh } = this.options;
    if (!paypal || !webhookId) {
      throw new Problem('not_found', 'PayPal webhooks are not configured on this server.');
    }
    const verified = await fromPaypal(log, () => paypal.verifyWebhookSignature(headers, webhookId, event));
    if (!verified) {
      log.warn(
        { eventId: event.id, eventType: event.event_type, transmissionId: headers['paypal-transmission-id'] },
        'a PayPal webhook did not verify; ignored',
      );
      throw new Problem('bad_request', 'The webhook signature did not verify with PayPal.');
    }
    if (await webhookEventSeen(this.db, event.id)) return { duplicate: true };
    const providerId = subscriptionIdOf(event);
    if (providerId) await refresh(providerId);
    else log.info({ eventId: event.id, eventType: event.event_type }, 'a PayPal event billing does not use');
    await recordWebhookEvent(this.db, {
      id: event.id,
      eventType: event.event_type,
      providerSubscriptionId: providerId ?? null,
      receivedAt: this.clock.now(),
    });
    return { duplicate: false };
  }
}

/** The PayPal subscription an event is about: the resource itself, or a sale's billing agreement. */
function subscriptionIdOf(event: {
  event_type: string;
  resource?: Record<string, unknown>;
}): string | undefined {
  const resource = event.resource ?? {};
  if (event.event_type.startsWith('BILLING.SUBSCRIPTION.')) {
    return typeof resource.id === 'string' ? resource.id : undefined;
  }
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
    return typeof resource.billing_agreement_id === 'string' ? resource.billing_agreement_id : undefined;
  }
  return undefined;
}
