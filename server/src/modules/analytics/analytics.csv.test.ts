import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, csvLine } from './analytics.csv.js';

describe('csv', () => {
  it('quotes what must be quoted and leaves the rest', () => {
    expect(csvLine(['a', 1, null, 'b,c', 'say "hi"', 'two\nlines'])).toBe(
      'a,1,,"b,c","say ""hi""","two\nlines"\r\n'.replace('"two\nlines"', '"two\nlines"'),
    );
  });

  it('keeps spreadsheets from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField(-1)).toBe('-1');
  });

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
