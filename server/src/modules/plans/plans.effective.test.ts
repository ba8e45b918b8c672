import { describe, expect, it } from 'vitest';
import { effectivePlans, grantsUntil, SUSPENDED_GRACE_DAYS } from './plans.effective.js';
import type { SubscriptionRow } from './plans.table.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 23, 12);

function row(fields: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    id: 'sub_1',
    account_id: 'acct_1',
    plan: 'pro',
    provider: 'paypal',
    provider_subscription_id: 'I-1',
    provider_plan_id: 'P-PRO',
    status: 'ACTIVE',
    current_period_end: now + 10 * DAY,
    status_since: now - DAY,
    created_at: now - 40 * DAY,
    updated_at: now - DAY,
    ...fields,
  };
}

describe('which plans subscriptions grant', () => {
  it('holds an active plan open-ended, a cancelled one to its paid end, an expired or pending one not at all', () => {
    expect(grantsUntil(row({ status: 'ACTIVE' }))).toBe(Number.POSITIVE_INFINITY);
    expect(grantsUntil(row({ status: 'CANCELLED' }))).toBe(now + 10 * DAY);
    expect(grantsUntil(row({ status: 'CANCELLED', current_period_end: null }))).toBe(0);
    expect(grantsUntil(row({ status: 'EXPIRED' }))).toBe(0);
    expect(grantsUntil(row({ status: 'APPROVAL_PENDING' }))).toBe(0);
  });

  it('holds a suspended plan for the grace period from the suspension', () => {
    expect(grantsUntil(row({ status: 'SUSPENDED', status_since: now - DAY }))).toBe(
      now - DAY + SUSPENDED_GRACE_DAYS * DAY,
    );
  });

  it('holds an operator grant until its --until, or for good', () => {
    const grant = { provider: 'operator' as const, provider_subscription_id: null, provider_plan_id: null };
    expect(grantsUntil(row({ ...grant, current_period_end: null }))).toBe(Number.POSITIVE_INFINITY);
    expect(grantsUntil(row({ ...grant, current_period_end: now + DAY }))).toBe(now + DAY);
  });

  it('answers the plans held now and how long that answer stays true', () => {
    const rows = [
      row({ id: 'sub_a', plan: 'hostnames', status: 'CANCELLED', current_period_end: now + 3 * DAY }),
      row({ id: 'sub_b', plan: 'pro', status: 'ACTIVE' }),
      row({ id: 'sub_c', plan: 'mega', status: 'SUSPENDED', status_since: now - 8 * DAY }),
    ];
    expect(effectivePlans(rows, now)).toEqual({ plans: ['hostnames', 'pro'], validUntil: now + 3 * DAY });
    expect(effectivePlans(rows, now + 3 * DAY).plans).toEqual(['pro']);
  });
});
