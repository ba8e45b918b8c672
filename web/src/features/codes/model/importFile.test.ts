import { describe, expect, it } from 'vitest';
import { fileLineOf, guessMapping, parseCsv, readSource, toOurCsv } from './importFile';

describe('import files', () => {
  it('reads CSV with quotes, commas and line breaks in fields, keeping each row’s line', () => {
    const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('maps a Bitly export by its column names and writes our CSV with the user’s lines', () => {
    const source = readSource(
      'id,link,custom_bitlinks,long_url,title,tags,created\nbit.ly/a,bit.ly/a,,https://example.com/a,"A, b",summer;menu,2024\n\n\nbit.ly/b,bit.ly/b,,https://example.com/b,B,,2024\n',
    );
    const mapping = guessMapping(source.columns);
    expect(mapping).toEqual({ target: 'long_url', slug: 'custom_bitlinks', title: 'title', tags: 'tags' });
    const [chunk] = toOurCsv(source, mapping, 500);
    expect(chunk?.csv).toBe(
      'target,slug,title,tags\nhttps://example.com/a,,"A, b",summer|menu\nhttps://example.com/b,,B,\n',
    );
    expect(chunk && fileLineOf(chunk, 2)).toBe(5);
  });

  it('reads a JSON export (Shlink’s list of short URLs) and chunks it', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({
      shortCode: `s${i}`,
      longUrl: `https://example.com/${i}`,
      tags: ['x', 'y'],
    }));
    const source = readSource(JSON.stringify({ shortUrls: items }));
    const mapping = guessMapping(source.columns);
    expect(mapping).toEqual({ target: 'longUrl', slug: 'shortCode', tags: 'tags' });
    const chunks = toOurCsv(source, mapping, 2);
    expect(chunks.map((chunk) => chunk.lines)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks[0]?.csv).toBe(
      'target,slug,tags\nhttps://example.com/0,s0,x|y\nhttps://example.com/1,s1,x|y\n',
    );
  });
});

describe('our own export', () => {
  it('keeps the columns the mapping does not cover, and drops the output-only ones', () => {
    const source = readSource(
      'id,slug,shortUrl,mode,target,title,tags,enabled,style,maxScans,scans\nqr_1,a,https://x/a,redirect,https://example.com/a,A,x|y,true,"{""size"":256}",5,12\n',
    );
    const [chunk] = toOurCsv(source, guessMapping(source.columns));
    expect(chunk?.csv).toBe(
      'target,slug,title,tags,mode,enabled,style,maxScans\nhttps://example.com/a,a,A,x|y,redirect,true,"{""size"":256}",5\n',
    );
  });
});
