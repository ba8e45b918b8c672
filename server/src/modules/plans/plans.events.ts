import { changedFields } from '../events/events.changes.js';
import type { Actor, ChangeEvent } from '../events/events.service.js';
import type { SubscriptionRow } from './plans.table.js';
import { subscriptionView } from './plans.views.js';

/** The audit log's events of subscriptions and grants (pure). */
/**
 * A subscription's event: the subscription as the API shows it on create and cancel; `requestId`
 * is the API request's that made it (null when the provider or an operator did).
 */
export function subscriptionEvent(
  type: string,
  actor: Actor,
  row: SubscriptionRow,
  requestId: string | null = null,
): ChangeEvent {
  return {
    type,
    workspaceId: row.account_id,
    actor,
    requestId,
    resource: { type: 'subscription', id: row.id },
    data: { object: { ...subscriptionView(row) } },
  };
}

/**
 * What a change of a subscription logs: `subscription.cancelled` when it became cancelled,
 * otherwise `subscription.updated` with the fields that changed (nothing when none did: PayPal
 * tells the same state more than once).
 */
export function subscriptionChanged(
  actor: Actor,
  before: SubscriptionRow,
  after: SubscriptionRow,
  requestId: string | null = null,
): ChangeEvent[] {
  const changes = changedFields({ ...subscriptionView(before) }, { ...subscriptionView(after) });
  if (Object.keys(changes).length === 0) return [];
  const cancelled = after.status === 'CANCELLED' && before.status !== 'CANCELLED';
  return [
    {
      type: cancelled ? 'subscription.cancelled' : 'subscription.updated',
      workspaceId: after.account_id,
      actor,
      requestId,
      resource: { type: 'subscription', id: after.id },
      data: { changes },
    },
  ];
}
