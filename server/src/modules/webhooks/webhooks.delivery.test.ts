import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  loggedHeaders,
  nextAttemptDelay,
  outcomeOf,
  RETRY_AFTER_CAP_MS,
  retryAfterMs,
  truncateUtf8,
} from './webhooks.delivery.js';
import { newWebhookSecret, signatureHeaders } from './webhooks.signing.js';

const SCHEDULE = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

describe('the delivery contract', () => {
  it('counts 2xx as delivered, 410 as gone and everything else as a retry', () => {
    expect([200, 204, 299].map(outcomeOf)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(outcomeOf(410)).toBe('gone');
    expect([null, 301, 400, 404, 429, 500, 503].map(outcomeOf)).toEqual(Array(7).fill('retry'));
  });

  it('follows the schedule with up to 10% jitter either way, then gives up', () => {
    expect(nextAttemptDelay(1, SCHEDULE, { random: () => 0.5 })).toBe(5_000);
    expect(nextAttemptDelay(1, SCHEDULE, { random: () => 0 })).toBe(4_500);
    expect(nextAttemptDelay(2, SCHEDULE, { random: () => 1 })).toBe(330_000);
    expect(nextAttemptDelay(7, SCHEDULE, { random: () => 0.5 })).toBe(36_000_000);
    expect(nextAttemptDelay(8, SCHEDULE)).toBeNull();
  });

  it("never retries before the receiver's Retry-After, in seconds or as a date, capped at a day", () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('9999999', now)).toBe(RETRY_AFTER_CAP_MS);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(nextAttemptDelay(1, SCHEDULE, { retryAfterMs: 120_000, random: () => 0.5 })).toBe(120_000);
    expect(nextAttemptDelay(2, SCHEDULE, { retryAfterMs: 1_000, random: () => 0.5 })).toBe(300_000);
  });

  it('cuts text between characters and keeps a bounded set of headers', () => {
    expect(truncateUtf8('héllo', 2)).toEqual({ text: 'h', truncated: true });
    expect(truncateUtf8('héllo', 3)).toEqual({ text: 'hé', truncated: true });
    expect(truncateUtf8('hello', 5)).toEqual({ text: 'hello', truncated: false });
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`x-${i}`, 'v'.repeat(1000)]));
    const kept = loggedHeaders(many);
    expect(Object.keys(kept)).toHaveLength(40);
    expect(kept['x-0']).toHaveLength(512);
  });
});

describe('Standard Webhooks signing', () => {
  it('makes signatures the standardwebhooks library verifies, one per secret', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'webhook.test', timestamp: '2026-11-26T10:00:00.000Z', data: {} });
    const headers = signatureHeaders([current, previous], 'msg_1', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow();
  });
});
