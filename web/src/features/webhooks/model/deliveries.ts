import type { Delivery, DeliveryAttempt, DeliveryStatus } from '@site/src/features/webhooks/api/types';

/** A delivery due within this long is watched on screen (the log reads itself again). */
const WATCH_AHEAD_MS = 30_000;

/** Whether a delivery in view is about to be tried, so its outcome is worth waiting for on screen. */
export function dueSoon(deliveries: readonly Delivery[], now: number): boolean {
  return deliveries.some(
    (delivery) =>
      delivery.status === 'pending' &&
      (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) - now <= WATCH_AHEAD_MS),
  );
}

export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** What the receiver answered, or why there was no answer, in a few words. */
export function outcome(attempt: Pick<DeliveryAttempt, 'response' | 'error'>): string {
  if (attempt.response) return `HTTP ${attempt.response.status}`;
  return attempt.error ? attempt.error : 'No answer';
}

/** What the log's action button does for a delivery in this status. */
export function retryLabel(status: DeliveryStatus): string {
  if (status === 'pending') return 'Retry now';
  return status === 'failed' ? 'Retry' : 'Send again';
}

/** A duration in the log: milliseconds under a second, else seconds with one decimal. */
export function duration(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A JSON body laid out for reading; anything else (a truncated body, text) as it came. */
export function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
