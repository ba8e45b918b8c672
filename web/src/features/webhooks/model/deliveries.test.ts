import type { Delivery } from '@site/src/features/webhooks/api/types';
import { describe, expect, it } from 'vitest';
import { dueSoon, duration, outcome, readableBody, retryLabel } from './deliveries';

const NOW = Date.parse('2026-11-26T10:00:00Z');

function delivery(status: Delivery['status'], nextAttemptAt: string | null): Delivery {
  return {
    id: 'dlv_1',
    eventId: 'evt_1',
    eventType: 'webhook.test',
    requestId: null,
    attempt: 1,
    status,
    responseStatus: null,
    durationMs: null,
    at: '2026-11-26T09:59:00Z',
    nextAttemptAt,
  };
}

describe('the delivery log', () => {
  it('watches a delivery due within half a minute, not one due in five minutes or one settled', () => {
    expect(dueSoon([delivery('pending', '2026-11-26T10:00:05Z')], NOW)).toBe(true);
    expect(dueSoon([delivery('pending', null)], NOW)).toBe(true);
    expect(dueSoon([delivery('pending', '2026-11-26T10:05:00Z')], NOW)).toBe(false);
    expect(dueSoon([delivery('delivered', null), delivery('failed', null)], NOW)).toBe(false);
  });

  it('says what came back, or why nothing did', () => {
    const answer = { status: 503, headers: {}, body: '', bodyTruncated: false };
    expect(outcome({ response: answer, error: null })).toBe('HTTP 503');
    expect(outcome({ response: null, error: 'Timed out after 15 s' })).toBe('Timed out after 15 s');
    expect(outcome({ response: null, error: null })).toBe('No answer');
  });

  it('names the action by what it does', () => {
    expect(retryLabel('failed')).toBe('Retry');
    expect(retryLabel('pending')).toBe('Retry now');
    expect(retryLabel('delivered')).toBe('Send again');
  });

  it('lays out JSON bodies and keeps a truncated one as it came', () => {
    expect(readableBody('{"type":"webhook.test"}')).toBe('{\n  "type": "webhook.test"\n}');
    expect(readableBody('{"type":"webh')).toBe('{"type":"webh');
    expect(duration(42.4)).toBe('42 ms');
    expect(duration(1530)).toBe('1.5 s');
    expect(duration(null)).toBe('–');
  });
});
