import type { VerificationFailure } from './hostnames.dns.js';
import type { HostnameRow } from './hostnames.table.js';

/**
 * When a hostname is checked again, and what a check's outcome does to it. Pure: the service
 * and the background job (hostnames.checker.ts) apply it to rows.
 *
 * - A pending or failed name is rechecked with backoff: 1, 2, 5, 10 and 30 minutes, then hourly
 *   for the rest of its first day, then every 6 hours; after 30 days the job stops (a "Check now"
 *   starts the backoff again). DNS caches hold old answers for minutes, so early checks are dense.
 * - A verified name is re-verified daily. When its records stop proving it, it keeps working for
 *   a grace period (a DNS provider's hiccup or a record re-published by hand must not take a
 *   customer's printed codes offline), rechecked hourly, and fails when the grace period ends.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const REVERIFY_EVERY_MS = DAY;
export const GRACE_PERIOD_MS = 72 * HOUR;
const EARLY_DELAYS_MS = [1, 2, 5, 10, 30].map((minutes) => minutes * MINUTE);
const HOURLY_UNTIL_ATTEMPT = EARLY_DELAYS_MS.length + 23;
const GIVE_UP_AFTER_MS = 30 * DAY;

/** Milliseconds from one automatic check of an unverified name to the next, by attempts so far. */
function backoffDelay(attempts: number): number {
  return EARLY_DELAYS_MS[attempts] ?? (attempts < HOURLY_UNTIL_ATTEMPT ? HOUR : 6 * HOUR);
}

/** How long the backoff has run after `attempts` automatic checks. */
function backoffElapsed(attempts: number): number {
  let elapsed = 0;
  for (let attempt = 0; attempt < attempts; attempt++) elapsed += backoffDelay(attempt);
  return elapsed;
}

export interface CheckState {
  status: HostnameRow['status'];
  /** Automatic checks of an unverified name since its backoff (re)started. */
  attempts: number;
  failingSince: number | null;
}

/** When the job should next check a name in this state; null when it no longer checks by itself. */
export function nextAutomaticCheck(state: CheckState, now: number): number | null {
  if (state.status === 'verified') {
    if (state.failingSince === null) return now + REVERIFY_EVERY_MS;
    return Math.min(now + HOUR, state.failingSince + GRACE_PERIOD_MS);
  }
  if (backoffElapsed(state.attempts) >= GIVE_UP_AFTER_MS) return null;
  return now + backoffDelay(state.attempts);
}

/** Missing records may still be on their way (DNS caches); wrong records need the customer. */
function unverifiedStatus(failure: VerificationFailure): 'pending' | 'failed' {
  return ['txt_mismatch', 'routing_mismatch', 'caa_forbids'].includes(failure.code) ? 'failed' : 'pending';
}

export interface CheckOutcome {
  status: HostnameRow['status'];
  failure: VerificationFailure | null;
  verifiedAt: number | null;
  failingSince: number | null;
  attempts: number;
  nextCheckAt: number | null;
}

/**
 * A name's state after a check. `automatic` checks advance the backoff; a user's "Check now"
 * restarts it (they have just changed DNS, so the next minutes matter).
 */
export function afterCheck(
  row: Pick<HostnameRow, 'status' | 'verified_at' | 'failing_since' | 'check_attempts'>,
  failure: VerificationFailure | null,
  now: number,
  automatic: boolean,
): CheckOutcome {
  let outcome: Omit<CheckOutcome, 'nextCheckAt'>;
  if (!failure) {
    outcome = {
      status: 'verified',
      failure: null,
      verifiedAt: row.verified_at ?? now,
      failingSince: null,
      attempts: 0,
    };
  } else if (row.status === 'verified' && now - (row.failing_since ?? now) < GRACE_PERIOD_MS) {
    outcome = {
      status: 'verified',
      failure,
      verifiedAt: row.verified_at,
      failingSince: row.failing_since ?? now,
      attempts: 0,
    };
  } else {
    // A verified name past its grace period has failed, whatever DNS now lacks.
    const status = row.status === 'verified' ? 'failed' : unverifiedStatus(failure);
    const attempts = automatic && row.status !== 'verified' ? row.check_attempts + 1 : 0;
    outcome = { status, failure, verifiedAt: null, failingSince: null, attempts };
  }
  return { ...outcome, nextCheckAt: nextAutomaticCheck(outcome, now) };
}

/** When a verified name whose re-check fails stops working, or null when it is not failing. */
export function graceEndsAt(row: Pick<HostnameRow, 'status' | 'failing_since'>): number | null {
  return row.status === 'verified' && row.failing_since !== null ? row.failing_since + GRACE_PERIOD_MS : null;
}
