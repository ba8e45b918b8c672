/**
 * Wall-clock time in IANA time zones, through Intl (the ICU time zone data Node ships), so DST
 * rules are never ours to get wrong (pure): a zone's wall clock and offset at an instant, and the
 * instant a local wall-clock time happens, through DST gaps and overlaps. Rules read the wall
 * clock on every scan; analytics turns local days, weeks and months into instants.
 */
import { remembered } from './bounded-memo.js';
import { DAY_MS } from './clock.js';

export interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  /** Minutes since local midnight, 0..1439. */
  minuteOfDay: number;
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  isoWeekday: number;
}

export interface ZoneClock {
  readonly timeZone: string;
  /** The wall clock in this zone at an instant (epoch milliseconds). */
  at(epochMs: number): WallClock;
}

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter per zone; throws a RangeError for a zone Intl does not know. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  return remembered(formatters, 500, timeZone, makeFormatter);
}

function makeFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/** A UTC offset ("+01:00", "-0800"), which newer Intl (Node 22+) accepts as a zone. */
const OFFSET_ZONE = /^[+\-\u2212]/;

/** Zone names asked for, and what Intl made of them (undefined: unknown). */
const canonicalNames = new Map<string, string | undefined>();

/**
 * The zone's canonical name, or undefined when Intl does not know it (never a silent UTC). Offsets
 * are refused on every Node: they have no daylight-saving rules, so "+01:00" in a rule would be
 * wrong for half the year in the place it stands for; "Etc/GMT-1" says the same thing on purpose.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (OFFSET_ZONE.test(name)) return undefined;
  // Making a formatter costs about 0.4 ms, and every analytics call and rule check resolves a zone.
  return remembered(canonicalNames, 500, name, askIntl);
}

function askIntl(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** True when Intl knows the zone ("Europe/Berlin", "UTC", ...). */
export function isKnownTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== undefined;
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
    hour: (values.hour as number) % 24,
    minute: values.minute as number,
    second: values.second as number,
  };
}

export function localParts(instant: number, timeZone: string): LocalParts {
  const { second: _second, ...parts } = partsAt(instant, timeZone);
  return parts;
}

const offsets = new Map<string, number>();

/** The zone's offset from UTC at an instant, in milliseconds (east positive: Berlin in summer +2 h). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  // Intl is slow (tens of microseconds a call) and dashboards ask for the same instants again.
  return remembered(offsets, 50_000, `${timeZone} ${whole}`, () => {
    const p = partsAt(whole, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
  });
}

/**
 * The instant a local wall-clock time happens. A time that happens twice (the repeated hour when
 * clocks go back) answers the first; a time that never happens (the hour skipped when clocks go
 * forward, midnight itself in some zones) answers the moment the clocks jumped.
 */
export function instantOf(local: LocalParts, timeZone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const candidates = [
    offsetAt(wall - DAY_MS, timeZone),
    offsetAt(wall, timeZone),
    offsetAt(wall + DAY_MS, timeZone),
  ].map((o) => wall - o);
  const valid = candidates.filter((t) => t + offsetAt(t, timeZone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  // Skipped: the clocks jumped between the instant the new offset would give and the old one's.
  let low = Math.min(...candidates);
  let high = Math.max(...candidates);
  const before = offsetAt(low, timeZone);
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2);
    if (offsetAt(middle, timeZone) === before) low = middle;
    else high = middle;
  }
  return Math.ceil(high / MINUTE) * MINUTE;
}

/**
 * The first instant of a local calendar date in a zone. Where midnight itself is skipped by a
 * DST change (America/Santiago, ...), this is the first instant after the gap.
 */
export function startOfZonedDay(year: number, month: number, day: number, timeZone: string): number {
  return instantOf({ year, month, day, hour: 0, minute: 0 }, timeZone);
}

const zones = new Map<string, ZoneClock>();

/**
 * The shared clock of a zone; throws a RangeError for a zone Intl does not know. Each keeps the
 * wall clock of the last minute asked for: rules evaluated on every scan cost one integer division
 * and a comparison, and ICU is consulted once a minute per zone.
 */
export function zoneClock(timeZone: string): ZoneClock {
  // Intl reads zone names case-insensitively; one clock per zone however a rule spells it.
  const key = timeZone.toLowerCase();
  const cached = zones.get(key);
  if (cached) return cached;
  formatter(timeZone);
  let lastMinute = Number.NaN;
  let last: WallClock = { year: 0, month: 0, day: 0, minuteOfDay: 0, isoWeekday: 1 };
  const clock: ZoneClock = {
    timeZone,
    at(epochMs) {
      // Every zone in use today is offset from UTC by whole minutes, so one UTC minute is one
      // wall-clock minute everywhere.
      const minute = Math.floor(epochMs / MINUTE);
      if (minute !== lastMinute) {
        const { year, month, day, hour, minute: minuteOfHour } = partsAt(minute * MINUTE, timeZone);
        const utcDay = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
        last = {
          year,
          month,
          day,
          minuteOfDay: hour * 60 + minuteOfHour,
          isoWeekday: utcDay === 0 ? 7 : utcDay,
        };
        lastMinute = minute;
      }
      return last;
    },
  };
  zones.set(key, clock);
  return clock;
}
