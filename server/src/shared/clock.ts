/** Time as the app sees it; tests replace it to travel across days and DST changes. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const toIso = (epochMs: number | null | undefined): string | null =>
  epochMs === null || epochMs === undefined ? null : new Date(epochMs).toISOString();
