/**
 * Wall-clock time in IANA time zones, through Intl (the ICU time zone data Node ships), so DST
 * rules are never ours to get wrong. Formatters are created once per zone, and each zone keeps
 * the wall clock of the last minute asked for: rules evaluated on every scan cost one integer
 * division and a comparison, and ICU is consulted once a minute per zone.
 */

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
const zones = new Map<string, ZoneClock>();

/** True when Intl knows the zone ("Europe/Berlin", "UTC", ...). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function readWallClock(formatter: Intl.DateTimeFormat, epochMs: number): WallClock {
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatter.formatToParts(epochMs)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
    }
  }
  const utcDay = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, minuteOfDay: hour * 60 + minute, isoWeekday: utcDay === 0 ? 7 : utcDay };
}

/** The shared clock of a zone; throws a RangeError for a zone Intl does not know. */
export function zoneClock(timeZone: string): ZoneClock {
  // Intl reads zone names case-insensitively; one clock per zone however a rule spells it.
  const key = timeZone.toLowerCase();
  const cached = zones.get(key);
  if (cached) return cached;
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  let lastMinute = Number.NaN;
  let last: WallClock = { year: 0, month: 0, day: 0, minuteOfDay: 0, isoWeekday: 1 };
  const clock: ZoneClock = {
    timeZone,
    at(epochMs) {
      // Every zone in use today is offset from UTC by whole minutes, so one UTC minute is one
      // wall-clock minute everywhere.
      const minute = Math.floor(epochMs / MINUTE);
      if (minute !== lastMinute) {
        last = readWallClock(formatter, minute * MINUTE);
        lastMinute = minute;
      }
      return last;
    },
  };
  zones.set(key, clock);
  return clock;
}

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in summer: +2 h). */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  const wall = zoneClock(timeZone).at(epochMs);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minuteOfDay * MINUTE;
  return asUtc - Math.floor(epochMs / MINUTE) * MINUTE;
}

/**
 * The first instant of a local calendar date in a zone. Where midnight itself is skipped by a
 * DST change (America/Santiago, ...), this is the first instant after the gap.
 */
export function startOfZonedDay(year: number, month: number, day: number, timeZone: string): number {
  const clock = zoneClock(timeZone);
  const localMidnightAsUtc = Date.UTC(year, month - 1, day);
  const first = localMidnightAsUtc - zoneOffsetMs(timeZone, localMidnightAsUtc);
  const second = localMidnightAsUtc - zoneOffsetMs(timeZone, first);
  const isOnDate = (t: number) => {
    const wall = clock.at(t);
    return wall.year === year && wall.month === month && wall.day === day;
  };
  let low = Math.min(first, second);
  let high = Math.max(first, second);
  if (isOnDate(low) && clock.at(low).minuteOfDay === 0) return low;
  if (isOnDate(high) && clock.at(high).minuteOfDay === 0) return high;
  // Midnight does not exist that day: search the gap for the first instant on the date.
  if (isOnDate(low)) return low;
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (isOnDate(middle)) high = middle;
    else low = middle;
  }
  return high;
}
