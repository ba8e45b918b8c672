import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './analytics.csv.js';

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
});
