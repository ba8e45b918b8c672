import { DAY_MS } from '../../shared/clock.js';
import { type FieldError, validationFailed } from '../../shared/problem.js';
import { canonicalTimeZone, instantOf, localParts } from '../../shared/zoned-time.js';
import { boundaries, type Interval, intervalStart, startOfDay, startOfDaysAgo } from './analytics.time.js';

/** Most points a time series answers; a finer interval over a longer range is a 400. */
export const MAX_POINTS = 400;
export const PRESETS = ['24h', '7d', '30d', '90d', 'mtd', 'ytd', 'all'] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = '30d';
/** Rollups hold quarter hours: a range is read from the quarter hour holding `from` to the one holding `to`. */
const QUARTER_MS = 15 * 60_000;

export interface RangeInput {
  from?: string | undefined;
  to?: string | undefined;
  range?: Preset | undefined;
  timeZone?: string | undefined;
}

export interface ResolvedRange {
  /** Inclusive, a quarter-hour boundary. */
  from: number;
  /** Exclusive, a quarter-hour boundary. */
  to: number;
  /** The canonical zone, for computing. */
  timeZone: string;
  /** The zone as the caller spelled it ("Asia/Kolkata", which ICU calls Asia/Calcutta): what answers echo. */
  timeZoneAsSent: string;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO 8601 date or date-time. With an offset (or Z) it is that instant; without one it is a
 * wall-clock time in the caller's zone (a bare date is its local midnight).
 */
export function parseInstant(text: string, timeZone: string): number | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s, zone] = match;
  const parts = { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi) };
  const check = new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute));
  if (
    check.getUTCMonth() !== parts.month - 1 ||
    check.getUTCDate() !== parts.day ||
    parts.hour > 23 ||
    parts.minute > 59 ||
    Number(s ?? 0) > 59
  ) {
    return undefined;
  }
  if (zone) {
    const instant = Date.parse(text.trim());
    return Number.isNaN(instant) ? undefined : instant;
  }
  return instantOf(parts, timeZone) + Number(s ?? 0) * 1000;
}

/** The caller's zone: canonical IANA name, or a 400 naming `/query/timeZone` (never a silent UTC). */
export function resolveTimeZone(name: string | undefined): string {
  if (name === undefined) return 'UTC';
  const zone = canonicalTimeZone(name);
  if (!zone) {
    throw validationFailed([
      {
        path: '/query/timeZone',
        message: `is not a known IANA time zone (for example Europe/Berlin): ${name}`,
      },
    ]);
  }
  return zone;
}

/**
 * The instants a request covers. `earliest` (the account's first scan) is needed for `all` only.
 * Presets end now; `7d` is today and the six local days before it, `mtd` this local month so far.
 */
export function resolveRange(input: RangeInput, now: number, earliest: number | undefined): ResolvedRange {
  const timeZone = resolveTimeZone(input.timeZone);
  const errors: FieldError[] = [];
  let from: number | undefined;
  let to: number | undefined;
  if (input.range !== undefined && (input.from !== undefined || input.to !== undefined)) {
    errors.push({ path: '/query/range', message: 'give either range or from/to, not both' });
  } else if (input.from !== undefined || input.to !== undefined) {
    if (input.from === undefined)
      errors.push({ path: '/query/from', message: 'is required when to is given' });
    else {
      from = parseInstant(input.from, timeZone);
      if (from === undefined)
        errors.push({ path: '/query/from', message: 'must be an ISO 8601 date or date-time' });
    }
    to = input.to === undefined ? now : parseInstant(input.to, timeZone);
    if (to === undefined)
      errors.push({ path: '/query/to', message: 'must be an ISO 8601 date or date-time' });
    if (from !== undefined && to !== undefined && from >= to) {
      errors.push({ path: '/query/from', message: 'must be before to' });
    }
  } else {
    to = now;
    from = presetStart(input.range ?? DEFAULT_PRESET, now, timeZone, earliest);
  }
  if (errors.length > 0 || from === undefined || to === undefined) throw validationFailed(errors);
  return {
    from: Math.floor(from / QUARTER_MS) * QUARTER_MS,
    to: Math.ceil(to / QUARTER_MS) * QUARTER_MS,
    timeZone,
    timeZoneAsSent: input.timeZone ?? 'UTC',
  };
}

function presetStart(preset: Preset, now: number, timeZone: string, earliest: number | undefined): number {
  switch (preset) {
    case '24h':
      return now - DAY_MS;
    case '7d':
      return startOfDaysAgo(now, 6, timeZone);
    case '30d':
      return startOfDaysAgo(now, 29, timeZone);
    case '90d':
      return startOfDaysAgo(now, 89, timeZone);
    case 'mtd':
      return intervalStart(now, 'month', timeZone);
    case 'ytd':
      return instantOf(
        { year: localParts(now, timeZone).year, month: 1, day: 1, hour: 0, minute: 0 },
        timeZone,
      );
    case 'all':
      return Math.min(earliest ?? startOfDay(now, timeZone), startOfDay(now, timeZone));
  }
}

/** The series' interval boundaries, or a 400 when the interval gives more than MAX_POINTS points. */
export function seriesEdges(range: ResolvedRange, interval: Interval): number[] {
  const edges = boundaries(range.from, range.to, interval, range.timeZone, MAX_POINTS);
  if (edges.length - 1 > MAX_POINTS) {
    throw validationFailed([
      {
        path: '/query/interval',
        message: `gives more than ${MAX_POINTS} points over this range (hourly covers at most ${Math.floor(MAX_POINTS / 24)} days); choose a longer interval or a shorter range`,
      },
    ]);
  }
  return edges;
}
