/**
 * Calendar arithmetic in the caller's IANA time zone (pure, on shared/zoned-time.ts): local
 * midnights, ISO weeks and months as instants, through DST gaps and overlaps. Every instant it
 * answers is a boundary of the rollups' quarter-hour buckets for every zone in use today.
 */
import { HOUR_MS } from '../../shared/clock.js';
import { instantOf, type LocalParts, localParts, offsetAt } from '../../shared/zoned-time.js';

export type Interval = 'hour' | 'day' | 'week' | 'month';

/** Local midnight of the day holding the instant. */
export function startOfDay(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return instantOf({ ...p, hour: 0, minute: 0 }, timeZone);
}

/** Local midnight `days` calendar days after the given local date's (negative goes back). */
function midnightAfter(p: LocalParts, days: number, timeZone: string): number {
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return instantOf(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: 0,
      minute: 0,
    },
    timeZone,
  );
}

export function startOfDaysAgo(instant: number, days: number, timeZone: string): number {
  return midnightAfter(localParts(instant, timeZone), -days, timeZone);
}

/** The start of the interval holding the instant: a local hour, day, ISO week (Monday) or month. */
export function intervalStart(instant: number, interval: Interval, timeZone: string): number {
  const p = localParts(instant, timeZone);
  switch (interval) {
    case 'hour':
      // Local hours are whole hours of UTC time plus the zone's minutes: step back to the local :00.
      return Math.floor(instant / 60_000) * 60_000 - p.minute * 60_000;
    case 'day':
      return midnightAfter(p, 0, timeZone);
    case 'week': {
      const weekday = (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7; // Monday 0
      return midnightAfter(p, -weekday, timeZone);
    }
    case 'month':
      return instantOf({ year: p.year, month: p.month, day: 1, hour: 0, minute: 0 }, timeZone);
  }
}

/** The start of the next interval after the one starting at `start`. */
export function nextIntervalStart(start: number, interval: Interval, timeZone: string): number {
  if (interval === 'hour') return start + HOUR_MS;
  const p = localParts(start, timeZone);
  if (interval === 'day') return midnightAfter(p, 1, timeZone);
  if (interval === 'week') return midnightAfter(p, 7, timeZone);
  const month = p.month === 12 ? { year: p.year + 1, month: 1 } : { year: p.year, month: p.month + 1 };
  return instantOf({ ...month, day: 1, hour: 0, minute: 0 }, timeZone);
}

/**
 * The interval boundaries covering [from, to): the first is the start of the interval holding
 * `from`, the last is at or after `to`. Stops once more than `maxPoints` intervals are needed.
 */
export function boundaries(
  from: number,
  to: number,
  interval: Interval,
  timeZone: string,
  maxPoints: number,
) {
  const edges = [intervalStart(from, interval, timeZone)];
  while ((edges.at(-1) as number) < to && edges.length <= maxPoints + 1) {
    edges.push(nextIntervalStart(edges.at(-1) as number, interval, timeZone));
  }
  return edges;
}

/** An instant in ISO 8601 with the zone's offset at that instant: 2026-03-29T00:00:00+01:00. */
export function isoInZone(instant: number, timeZone: string): string {
  const offset = offsetAt(instant, timeZone);
  const local = new Date(instant + offset).toISOString().slice(0, 19);
  if (offset === 0) return `${local}Z`;
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset > 0 ? '+' : '-';
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
