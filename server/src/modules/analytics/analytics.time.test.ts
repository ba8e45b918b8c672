import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/clock.js';
import { canonicalTimeZone, instantOf } from '../../shared/zoned-time.js';
import { boundaries, intervalStart, isoInZone, nextIntervalStart, startOfDay } from './analytics.time.js';

const days = (from: number, to: number, zone: string) =>
  boundaries(from, to, 'day', zone, 400).map((t) => isoInZone(t, zone));

describe('calendar in a time zone', () => {
  it('knows Europe/Berlin’s 23- and 25-hour days', () => {
    const spring = startOfDay(Date.UTC(2026, 2, 29, 12), 'Europe/Berlin');
    expect(new Date(spring).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(nextIntervalStart(spring, 'day', 'Europe/Berlin') - spring).toBe(23 * HOUR_MS);
    const autumn = startOfDay(Date.UTC(2026, 9, 25, 12), 'Europe/Berlin');
    expect(nextIntervalStart(autumn, 'day', 'Europe/Berlin') - autumn).toBe(25 * HOUR_MS);
    expect(days(Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 30, 12), 'Europe/Berlin')).toEqual([
      '2026-03-28T00:00:00+01:00',
      '2026-03-29T00:00:00+01:00',
      '2026-03-30T00:00:00+02:00',
      '2026-03-31T00:00:00+02:00',
    ]);
  });

  it('knows America/New_York’s DST days', () => {
    const spring = startOfDay(Date.UTC(2026, 2, 8, 17), 'America/New_York');
    expect(isoInZone(spring, 'America/New_York')).toBe('2026-03-08T00:00:00-05:00');
    expect(nextIntervalStart(spring, 'day', 'America/New_York') - spring).toBe(23 * HOUR_MS);
    const autumn = startOfDay(Date.UTC(2026, 10, 1, 17), 'America/New_York');
    expect(nextIntervalStart(autumn, 'day', 'America/New_York') - autumn).toBe(25 * HOUR_MS);
    // The repeated 01:00 answers its first occurrence, the skipped 02:00 the moment of the jump.
    expect(
      isoInZone(
        instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 0 }, 'America/New_York'),
        'America/New_York',
      ),
    ).toBe('2026-11-01T01:00:00-04:00');
    expect(
      isoInZone(
        instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York'),
        'America/New_York',
      ),
    ).toBe('2026-03-08T03:00:00-04:00');
  });

  it('starts Asia/Kolkata’s days and hours at half past the UTC hour', () => {
    const day = startOfDay(Date.UTC(2026, 5, 1, 12), 'Asia/Kolkata');
    expect(new Date(day).toISOString()).toBe('2026-05-31T18:30:00.000Z');
    expect(new Date(intervalStart(Date.UTC(2026, 5, 1, 12, 10), 'hour', 'Asia/Kolkata')).toISOString()).toBe(
      '2026-06-01T11:30:00.000Z',
    );
    expect(isoInZone(day, 'Asia/Kolkata')).toBe('2026-06-01T00:00:00+05:30');
  });

  it('starts ISO weeks on Monday and months on the 1st, in the zone', () => {
    // Sunday 2026-03-29 in Berlin belongs to the week of Monday 2026-03-23.
    expect(
      isoInZone(intervalStart(Date.UTC(2026, 2, 29, 10), 'week', 'Europe/Berlin'), 'Europe/Berlin'),
    ).toBe('2026-03-23T00:00:00+01:00');
    // 2026-03-31T23:30Z is already April in Berlin.
    expect(
      isoInZone(intervalStart(Date.UTC(2026, 2, 31, 23, 30), 'month', 'Europe/Berlin'), 'Europe/Berlin'),
    ).toBe('2026-04-01T00:00:00+02:00');
    const months = boundaries(Date.UTC(2026, 0, 15), Date.UTC(2026, 2, 2), 'month', 'America/New_York', 400);
    expect(months.map((t) => isoInZone(t, 'America/New_York'))).toEqual([
      '2026-01-01T00:00:00-05:00',
      '2026-02-01T00:00:00-05:00',
      '2026-03-01T00:00:00-05:00',
      '2026-04-01T00:00:00-04:00',
    ]);
  });

  it('tells unknown zones apart instead of falling back to UTC', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('stops counting intervals past the maximum', () => {
    expect(boundaries(0, 1000 * HOUR_MS, 'hour', 'UTC', 400).length).toBe(402);
  });
});
