import { describe, expect, it } from 'vitest';
import type { VerificationFailure } from './hostnames.dns.js';
import { afterCheck, GRACE_PERIOD_MS, graceEndsAt, nextAutomaticCheck } from './hostnames.schedule.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const missing: VerificationFailure = { code: 'txt_missing', detail: 'no TXT record' };
const wrong: VerificationFailure = { code: 'txt_mismatch', detail: 'another value' };

describe('when hostnames are checked again', () => {
  it('backs off for a pending name: 1, 2, 5, 10, 30 minutes, hourly for a day, then 6-hourly', () => {
    const delays = Array.from({ length: 31 }, (_, attempts) => {
      const next = nextAutomaticCheck({ status: 'pending', attempts, failingSince: null }, 0);
      return next === null ? null : next / MINUTE;
    });
    expect(delays.slice(0, 6)).toEqual([1, 2, 5, 10, 30, 60]);
    expect(delays.slice(6, 28).every((delay) => delay === 60)).toBe(true);
    expect(delays.slice(28)).toEqual([360, 360, 360]);
  });

  it('stops checking a name by itself after 30 days unverified', () => {
    let now = 0;
    let attempts = 0;
    for (;;) {
      const next = nextAutomaticCheck({ status: 'pending', attempts, failingSince: null }, now);
      if (next === null) break;
      now = next;
      attempts += 1;
    }
    expect(now).toBeGreaterThanOrEqual(30 * DAY - 6 * HOUR);
    expect(now).toBeLessThan(30 * DAY + 6 * HOUR);
  });

  it('re-verifies a verified name daily', () => {
    const outcome = afterCheck(
      { status: 'pending', verified_at: null, failing_since: null, check_attempts: 3 },
      null,
      1000,
      true,
    );
    expect(outcome).toMatchObject({
      status: 'verified',
      verifiedAt: 1000,
      attempts: 0,
      nextCheckAt: 1000 + DAY,
    });
  });

  it('keeps a verified name whose records vanish for the grace period, rechecked hourly, then fails it', () => {
    const verified = { status: 'verified' as const, verified_at: 5, failing_since: null, check_attempts: 0 };
    const first = afterCheck(verified, missing, 10 * DAY, true);
    expect(first).toMatchObject({
      status: 'verified',
      failure: missing,
      failingSince: 10 * DAY,
      verifiedAt: 5,
    });
    expect(first.nextCheckAt).toBe(10 * DAY + HOUR);
    expect(graceEndsAt({ status: 'verified', failing_since: first.failingSince })).toBe(
      10 * DAY + GRACE_PERIOD_MS,
    );

    const failing = { ...verified, failing_since: 10 * DAY };
    const nearEnd = afterCheck(failing, missing, 10 * DAY + GRACE_PERIOD_MS - 10 * MINUTE, true);
    expect(nearEnd).toMatchObject({ status: 'verified', nextCheckAt: 10 * DAY + GRACE_PERIOD_MS });
    const ended = afterCheck(failing, missing, 10 * DAY + GRACE_PERIOD_MS, true);
    expect(ended).toMatchObject({ status: 'failed', verifiedAt: null, failingSince: null, attempts: 0 });
    expect(ended.nextCheckAt).toBe(10 * DAY + GRACE_PERIOD_MS + MINUTE);

    // Records back within the grace period: nothing happened.
    const healed = afterCheck(failing, null, 11 * DAY, true);
    expect(healed).toMatchObject({ status: 'verified', failure: null, failingSince: null, verifiedAt: 5 });
  });

  it('fails a name with wrong records, keeps it pending while records are missing, and restarts the backoff on Check now', () => {
    const pending = { status: 'pending' as const, verified_at: null, failing_since: null, check_attempts: 4 };
    expect(afterCheck(pending, wrong, 0, true)).toMatchObject({
      status: 'failed',
      attempts: 5,
      nextCheckAt: HOUR,
    });
    expect(afterCheck(pending, missing, 0, true)).toMatchObject({ status: 'pending', attempts: 5 });
    expect(afterCheck(pending, missing, 0, false)).toMatchObject({ attempts: 0, nextCheckAt: MINUTE });
  });
});
