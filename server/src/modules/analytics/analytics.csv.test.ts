import { describe, expect, it } from 'vitest';
import { csvFileName } from './analytics.csv.js';

describe('CSV file names', () => {
  it('names a file by what it holds, of what and when', () => {
    expect(csvFileName('scans', 'spring-menu', '2026-11-01', '2026-11-30')).toBe(
      'scans-spring-menu-2026-11-01-2026-11-30.csv',
    );
    expect(csvFileName('breakdown by country', undefined, '2026-11-01', '2026-11-30')).toBe(
      'breakdown-by-country-2026-11-01-2026-11-30.csv',
    );
    expect(csvFileName('scans', 'Café "Zoë" / Menü', '2026-11-01', '2026-11-01')).toBe(
      'scans-cafe-zoe-menu-2026-11-01-2026-11-01.csv',
    );
  });
});
