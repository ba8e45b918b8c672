import { toIso } from '../../shared/clock.js';
import { grantsUntil } from './plans.effective.js';
import type { SubscriptionView } from './plans.schemas.js';
import type { SubscriptionRow } from './plans.table.js';

/** A subscription or grant as the API and the plans CLI show it. */
export function subscriptionView(row: SubscriptionRow): SubscriptionView {
  const until = grantsUntil(row);
  const renews = row.provider === 'paypal' && (row.status === 'ACTIVE' || row.status === 'APPROVED');
  return {
    id: row.id,
    plan: row.plan,
    status: row.status.toLowerCase() as SubscriptionView['status'],
    provider: row.provider,
    providerSubscriptionId: row.provider_subscription_id,
    currentPeriodEnd: toIso(row.current_period_end),
    endsAt: renews || !Number.isFinite(until) || until === 0 ? null : toIso(until),
    createdAt: toIso(row.created_at) ?? '',
  };
}
