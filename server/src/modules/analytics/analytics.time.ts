/**
 * Calendar arithmetic in the caller's IANA time zone, on top of Intl (pure): local midnights,
 * ISO weeks and months as instants, through DST gaps and overlaps. Every instant it answers is a
 * boundary of the rollups' quarter-hour buckets for every zone in use today.
 */
import { DAY_MS, HOUR_MS } from '../../shared/clock.js';

export type Interval = 'hour' | 'day' | 'week' | 'month';

interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's canonical name, or undefined when Intl does not know it (never a silent UTC). */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function partsAt(instant: number, timeZone: string): LocalParts & { second: number } {
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year as number,
    month: values.month as number,
    day: values.day as number,
    hour: values.hour as number,
    minute: values.minute as number,
    second: values.second as number,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  // Intl is slow (tens of microseconds a call) and dashboards ask for the same instants again.
  const key = `${timeZone} ${whole}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p = partsAt(whole, timeZone);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
  if (offsets.size >= 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const offsets = new Map<string, number>();

/**
 * The instant a local wall-clock time happens. A time that happens twice (the repeated hour when
 * clocks go back) answers the first; a time that never happens (the hour skipped when clocks go
 * forward, midnight itself in some zones) answers the moment the clocks jumped.
 */
export function instantOf(local: LocalParts, timeZone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const offsets = [
    offsetAt(wall - DAY_MS, timeZone),
    offsetAt(wall, timeZone),
    offsetAt(wall + DAY_MS, timeZone),
  ];
  const valid = offsets.map((o) => wall - o).filter((t) => t + offsetAt(t, timeZone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  // Skipped: the clocks jumped between the instant the new offset would give and the old one's.
  const candidates = offsets.map((o) => wall - o);
  let low = Math.min(...candidates);
  let high = Math.max(...candidates);
  const before = offsetAt(low, timeZone);
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2);
    if (offsetAt(middle, timeZone) === before) low = middle;
    else high = middle;
  }
  return Math.ceil(high / 60_000) * 60_000;
}

export function localParts(instant: number, timeZone: string): LocalParts {
  const { second: _second, ...parts } = partsAt(instant, timeZone);
  return parts;
}

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
