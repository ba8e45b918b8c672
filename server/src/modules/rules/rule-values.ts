/**
 * How a rule's host and time-of-day values read, for both the validator (admin writes) and the
 * matcher (every scan): kept apart from rules.validate.ts so the edge loads no schemas to use them.
 */

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A hostname as the rules compare it: lower case, without a trailing dot. */
export function normalizeHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/** Minutes since midnight of "HH:MM"; "24:00" is allowed as an end (1440). Null when invalid. */
export function parseTimeOfDay(text: string, allowEndOfDay = false): number | null {
  if (allowEndOfDay && text === '24:00') return 1440;
  const match = TIME_OF_DAY.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The minutes a time condition's window spans: `from` defaults to the start of the day and `to`
 * to its end, so a condition with only `days` (or 00:00 to 24:00) is the whole day. Null for a
 * bound that is not a time of day.
 */
export function timeWindow(time: { from?: string; to?: string }): { from: number | null; to: number | null } {
  return {
    from: time.from === undefined ? 0 : parseTimeOfDay(time.from),
    to: time.to === undefined ? 1440 : parseTimeOfDay(time.to, true),
  };
}
