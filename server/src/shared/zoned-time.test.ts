import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, offsetAt, startOfZonedDay, zoneClock } from './zoned-time.js';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('zone clocks', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone('+01:00')).toBe(false);
  });

  it('keeps one clock per zone, however it is spelt', () => {
    expect(zoneClock('europe/berlin')).toBe(zoneClock('Europe/Berlin'));
    expect(zoneClock('europe/berlin').at(Date.parse('2026-07-01T10:00:00Z')).minuteOfDay).toBe(12 * 60);
  });

  it('reads the wall clock and ISO weekday', () => {
    // 2026-03-02 is a Monday.
    expect(zoneClock('UTC').at(at('2026-03-02T09:30:00Z'))).toMatchObject({
      year: 2026,
      month: 3,
      day: 2,
      minuteOfDay: 570,
      isoWeekday: 1,
    });
    // Late Sunday in New York is already Monday in Berlin.
    expect(zoneClock('America/New_York').at(at('2026-03-02T02:00:00Z'))).toMatchObject({
      day: 1,
      minuteOfDay: 21 * 60,
      isoWeekday: 7,
    });
    expect(zoneClock('Europe/Berlin').at(at('2026-03-01T23:30:00Z'))).toMatchObject({
      day: 2,
      minuteOfDay: 30,
      isoWeekday: 1,
    });
  });

  it('follows both DST changes in Berlin', () => {
    // Spring forward: 2026-03-29 02:00 CET becomes 03:00 CEST (01:00 UTC).
    expect(offsetAt(at('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(HOUR);
    expect(offsetAt(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(zoneClock('Europe/Berlin').at(at('2026-03-29T00:59:00Z')).minuteOfDay).toBe(1 * 60 + 59);
    expect(zoneClock('Europe/Berlin').at(at('2026-03-29T01:00:00Z')).minuteOfDay).toBe(3 * 60);
    // Fall back: 2026-10-25 03:00 CEST becomes 02:00 CET (01:00 UTC).
    expect(offsetAt(at('2026-10-25T00:59:00Z'), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(offsetAt(at('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe(HOUR);
  });

  it('follows both DST changes in New York', () => {
    // Spring forward: 2026-03-08 02:00 EST becomes 03:00 EDT (07:00 UTC).
    expect(offsetAt(at('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(offsetAt(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    // Fall back: 2026-11-01 02:00 EDT becomes 01:00 EST (06:00 UTC).
    expect(offsetAt(at('2026-11-01T05:59:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    expect(offsetAt(at('2026-11-01T06:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
  });

  it('finds the start of a local day, across DST and where midnight is skipped', () => {
    expect(startOfZonedDay(2026, 7, 1, 'Europe/Berlin')).toBe(at('2026-06-30T22:00:00Z'));
    expect(startOfZonedDay(2026, 1, 1, 'Europe/Berlin')).toBe(at('2025-12-31T23:00:00Z'));
    expect(startOfZonedDay(2026, 3, 29, 'Europe/Berlin')).toBe(at('2026-03-28T23:00:00Z'));
    expect(startOfZonedDay(2026, 3, 30, 'Europe/Berlin')).toBe(at('2026-03-29T22:00:00Z'));
    expect(startOfZonedDay(2026, 11, 1, 'America/New_York')).toBe(at('2026-11-01T04:00:00Z'));
    expect(startOfZonedDay(2026, 11, 2, 'America/New_York')).toBe(at('2026-11-02T05:00:00Z'));
    // Santiago springs forward at midnight (2026-09-06 00:00 -04 becomes 01:00 -03).
    expect(startOfZonedDay(2026, 9, 6, 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
    expect(zoneClock('America/Santiago').at(at('2026-09-06T04:00:00Z'))).toMatchObject({
      day: 6,
      minuteOfDay: 60,
    });
  });
});
