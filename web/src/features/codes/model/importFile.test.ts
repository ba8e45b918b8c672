import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  fileLineOf,
  guessMapping,
  importChunks,
  parseCsv,
  readSource,
  rowProblemText,
} from './importFile';

/** The file of issue 49: a Bitly export, its slugs in the "Short link" column. */
const BITLY = [
  'Title,Long URL,Short link,Created,Clicks,Tags',
  'Spring sale,https://example.com/spring-sale?x=1,bit.ly/3abcDEF,2024-03-01 10:00:00,12,"promo,spring"',
  'Café Menü ☕,https://example.com/café,https://bit.ly/cafe-menu,2024-03-02 10:00:00,3,',
  'Broken,javascript:alert(1),bit.ly/broken1,2024-03-03 10:00:00,0,',
].join('\r\n');

describe('import files', () => {
  it('reads CSV with quotes, commas and line breaks in fields, keeping each row’s line and text', () => {
    const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'], text: 'a,b' },
      { line: 2, cells: ['x, y', 'say "hi"'], text: '"x, y","say ""hi"""' },
      { line: 3, cells: ['two\nlines', 'z'], text: '"two\nlines",z' },
    ]);
  });

  it('knows a Bitly export by its columns and sends it as written, for the server to read its slugs', () => {
    const source = readSource(BITLY);
    expect(detectFormat(source)).toBe('bitly');
    const [chunk, more] = importChunks(source, 'bitly', guessMapping(source.columns));
    expect(more).toBeUndefined();
    expect(chunk).toMatchObject({ format: 'bitly', contentType: 'text/csv', lines: [2, 3, 4] });
    expect(chunk?.body).toBe(`${BITLY.replaceAll('\r\n', '\n')}\n`);
  });

  it('knows each peer and our own exports', () => {
    const csv = (header: string) => detectFormat(readSource(`${header}\nx\n`));
    expect(csv('createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits')).toBe('shlink');
    expect(csv('keyword,url,title,timestamp,ip,clicks')).toBe('yourls');
    expect(csv('id,link,long_url,title,created_at,archived,tags,custom_bitlinks')).toBe('bitly');
    expect(csv('id,slug,hostname,shortUrl,mode,target,title,tags,enabled,style')).toBe('csv');
    expect(csv('URL,Name')).toBe('columns');
    const json = (value: unknown) => detectFormat(readSource(JSON.stringify(value)));
    expect(json({ data: [{ address: 'abc', target: 'https://example.com/', domain: null }] })).toBe('kutt');
    expect(json({ shortUrls: { data: [{ shortCode: 'abc', longUrl: 'https://example.com/' }] } })).toBe(
      'shlink',
    );
    expect(json({ links: { link_1: { shorturl: 'https://s.test/abc', url: 'https://example.com/' } } })).toBe(
      'yourls',
    );
    expect(json({ format: 'rq-codes', version: 1, codes: [{ mode: 'redirect', target: 'x' }] })).toBe('json');
  });

  it('sends a JSON export as its list of items, a chunk at a time, each row at its item', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({
      shortCode: `s${i}`,
      longUrl: `https://example.com/${i}`,
      tags: ['x', 'y'],
    }));
    const source = readSource(JSON.stringify({ shortUrls: { data: items } }));
    const chunks = importChunks(source, 'shlink', {}, 2);
    expect(chunks.map((chunk) => chunk.lines)).toEqual([[1, 2], [3, 4], [5]]);
    expect(JSON.parse(chunks[0]?.body ?? '')).toEqual(items.slice(0, 2));
    expect(chunks[2]?.format).toBe('shlink');
  });

  it('maps any other file’s columns to our JSON, with the user’s lines', () => {
    const source = readSource(
      'URL,Name,Labels,On\nhttps://example.com/a,"A, b",summer;menu,yes\n\n\nhttps://example.com/b,B,,no\n',
    );
    expect(detectFormat(source)).toBe('columns');
    const mapping = { ...guessMapping(source.columns), target: 'URL', enabled: 'On' };
    expect(mapping).toEqual({ target: 'URL', title: 'Name', tags: 'Labels', enabled: 'On' });
    const [chunk] = importChunks(source, 'columns', mapping);
    expect(chunk).toMatchObject({ format: 'json', contentType: 'application/json', lines: [2, 5] });
    expect(JSON.parse(chunk?.body ?? '')).toEqual({
      codes: [
        { target: 'https://example.com/a', title: 'A, b', tags: ['summer', 'menu'], enabled: true },
        { target: 'https://example.com/b', title: 'B', enabled: false },
      ],
    });
    expect(chunk && fileLineOf(chunk, 2)).toBe(5);
  });

  it('says a row’s problem once: its field problems, or else its detail', () => {
    expect(
      rowProblemText({
        detail: '/slug: must NOT have fewer than 3 characters',
        errors: [{ path: '/slug', message: 'must NOT have fewer than 3 characters' }],
      }),
    ).toBe('slug must NOT have fewer than 3 characters');
    expect(rowProblemText({ detail: 'The file is refused.' })).toBe('The file is refused.');
  });
});
