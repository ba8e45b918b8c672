import { startOfZonedDay } from '../../shared/zoned-time.js';

/**
 * Bounds of a `date` condition: a calendar date (`2026-12-24`, read in the condition's time
 * zone, UTC by default) or an RFC 3339 date-time with an offset (an instant anywhere).
 */
export type DateBound =
  | { readonly kind: 'date'; readonly year: number; readonly month: number; readonly day: number }
  | { readonly kind: 'instant'; readonly epochMs: number };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function parseDateBound(text: string): DateBound | null {
  const date = DATE.exec(text);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    return isRealDate(year, month, day) ? { kind: 'date', year, month, day } : null;
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return null;
  const [year, month, day] = [Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3])];
  const [hour, minute, second] = [Number(dateTime[4]), Number(dateTime[5]), Number(dateTime[6] ?? 0)];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const epochMs = Date.parse(text.toUpperCase());
  return Number.isNaN(epochMs) ? null : { kind: 'instant', epochMs };
}

/**
 * The instant a bound stands for: a `from` date starts at its local midnight; a `to` date
 * includes its whole day, so the range ends (exclusively) at the next local midnight.
 */
export function dateBoundInstant(bound: DateBound, edge: 'from' | 'to', timeZone: string): number {
  if (bound.kind === 'instant') return bound.epochMs;
  if (edge === 'from') return startOfZonedDay(bound.year, bound.month, bound.day, timeZone);
  const next = new Date(Date.UTC(bound.year, bound.month - 1, bound.day + 1));
  return startOfZonedDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
}
