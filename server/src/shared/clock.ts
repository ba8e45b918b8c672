/** Time as the app sees it; tests replace it to travel across days and DST changes. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const HOUR_MS = 3_600_000;
/** A UTC day. A local day lasts 23 or 25 hours where clocks change (analytics.time.ts). */
export const DAY_MS = 86_400_000;

/** The starts of the UTC days in [from, to), `from` a day's start: for a query that names each day. */
export function wholeDays(from: number, to: number): number[] {
  const days: number[] = [];
  for (let day = from; day < to; day += DAY_MS) days.push(day);
  return days;
}

export const toIso = (epochMs: number | null | undefined): string | null =>
  epochMs === null || epochMs === undefined ? null : new Date(epochMs).toISOString();
