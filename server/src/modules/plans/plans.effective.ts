import { DAY_MS } from '../../shared/clock.js';
import type { PlanId } from './plans.js';
import type { SubscriptionRow } from './plans.table.js';

/**
 * Which plans a subscription still grants, from what the provider last said (pure; the service
 * stores PayPal's answers, this reads them):
 * - ACTIVE (and APPROVED, PayPal's brief step before it): the plan holds.
 * - CANCELLED: paid time is kept: the plan holds to the end of the paid period.
 * - SUSPENDED (payments failed): the plan holds for a grace period from the suspension, while the
 *   buyer fixes the payment at PayPal.
 * - EXPIRED, APPROVAL_PENDING: nothing.
 * Operator grants hold until their --until, or for good.
 */

export const SUSPENDED_GRACE_DAYS = 7;

/** Until when the subscription grants its plan: Infinity while open, 0 when it grants nothing. */
export function grantsUntil(row: SubscriptionRow): number {
  if (row.provider === 'operator') {
    return row.status === 'ACTIVE' ? (row.current_period_end ?? Number.POSITIVE_INFINITY) : 0;
  }
  switch (row.status) {
    case 'ACTIVE':
    case 'APPROVED':
      return Number.POSITIVE_INFINITY;
    case 'SUSPENDED':
      return (row.status_since ?? row.updated_at) + SUSPENDED_GRACE_DAYS * DAY_MS;
    case 'CANCELLED':
      return row.current_period_end ?? 0;
    default:
      return 0;
  }
}

/**
 * The plans the rows grant now, and until when that answer stays true (the earliest end of a
 * plan that holds), so a cache can keep it exactly that long.
 */
export function effectivePlans(
  rows: readonly SubscriptionRow[],
  now: number,
): { plans: PlanId[]; validUntil: number } {
  const plans = new Set<PlanId>();
  let validUntil = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const until = grantsUntil(row);
    if (until <= now) continue;
    plans.add(row.plan);
    validUntil = Math.min(validUntil, until);
  }
  return { plans: [...plans], validUntil };
}
