import { describe, expect, it } from 'vitest';
import { csvField, csvLine, guardCsvText, unguardCsvText } from './csv.js';

describe('the CSV writer', () => {
  it('quotes what must be quoted and leaves the rest', () => {
    expect(csvLine(['a', 1, null, 'b,c', 'say "hi"', 'two\nlines', ' padded', true])).toBe(
      'a,1,,"b,c","say ""hi""","two\nlines"," padded",true\r\n',
    );
  });

  it('keeps spreadsheets from running a text field as a formula, and leaves numbers alone', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('+31 20 555 0100')).toBe("'+31 20 555 0100");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField(-1)).toBe('-1');
    expect(csvField('Spring menu')).toBe('Spring menu');
  });

  it('undoes exactly its own guard, so any text reads back as it was written', () => {
    const texts = [
      '=1+1',
      "'=1+1",
      "''=1+1",
      "'",
      "'quoted'",
      "it's",
      '-',
      '@home',
      '\tindented',
      'plain',
      '',
    ];
    for (const text of texts) expect(unguardCsvText(guardCsvText(text))).toBe(text);
    // Text that was never guarded is left as it is, an apostrophe of its own included.
    expect(unguardCsvText("'quoted'")).toBe("'quoted'");
  });
});
