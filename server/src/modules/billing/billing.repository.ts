import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** All SQL of the billing module: the PayPal webhook events it has handled. */

export async function webhookEventSeen(db: Kysely<Database>, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('billing_webhook_events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordWebhookEvent(
  db: Kysely<Database>,
  event: { id: string; eventType: string; providerSubscriptionId: string | null; receivedAt: number },
): Promise<void> {
  await db
    .insertInto('billing_webhook_events')
    .values({
      id: event.id,
      event_type: event.eventType,
      provider_subscription_id: event.providerSubscriptionId,
      received_at: event.receivedAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
