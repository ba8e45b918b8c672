import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../shared/csv.js';
import { Problem } from '../../shared/problem.js';
import { parseCsv } from './csv.js';
import { type ImportFormat, MAX_IMPORT_ROWS, parseImport } from './import-formats.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/import/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name)) as unknown;

function problemOf(run: () => unknown): Problem {
  try {
    run();
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('expected a problem');
}

describe('CSV', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, CRLF, a BOM and semicolons', () => {
    const table = parseCsv('\uFEFFa;b\r\n"x;1";"say ""hi""\nthere"\r\n\r\n');
    expect(table).toEqual({ header: ['a', 'b'], rows: [['x;1', 'say "hi"\nthere']] });
  });

  it('writes what it reads', () => {
    const cells = ['plain', 'a,b', 'say "hi"', 'two\nlines', ' edge '];
    expect(parseCsv(csvLine(['h1', 'h2', 'h3', 'h4', 'h5']) + csvLine(cells)).rows).toEqual([cells]);
  });

  it('names the row and column of a quote never closed', () => {
    const problem = problemOf(() =>
      parseCsv('slug,target\nok,https://example.com/\nbad,"https://example.com/\n'),
    );
    expect(problem.status).toBe(400);
    expect(problem.detail).toContain('row 2, column target');
  });
});

describe('peer files', () => {
  const cases: Array<[ImportFormat, unknown, number]> = [
    ['bitly', fixture('bitly.csv'), 4],
    ['shlink', fixture('shlink.csv'), 3],
    ['shlink', json('shlink.json'), 2],
    ['kutt', json('kutt.json'), 3],
    ['yourls', fixture('yourls.csv'), 3],
    ['yourls', json('yourls.json'), 2],
  ];

  it.each(cases)('%s: every row is an item or a row problem', (format, body, rows) => {
    const parsed = parseImport(format, body);
    expect(parsed.rows).toBe(rows);
    expect(parsed.items.length + parsed.errors.length).toBe(rows);
    for (const item of parsed.items) expect(item.body).toMatchObject({ mode: 'redirect' });
  });

  it('bitly: the custom back-half is the slug, the long URL the target, tags split', () => {
    const [first, second] = parseImport('bitly', fixture('bitly.csv')).items;
    expect(first).toMatchObject({
      row: 1,
      domain: 'bit.ly',
      body: {
        target: 'https://example.com/spring-menu',
        slug: 'spring-menu',
        title: 'Spring menu',
        tags: ['menu', 'spring'],
      },
    });
    expect(second?.body).toMatchObject({ slug: '4kLmNop', title: 'Careers, all offices' });
  });

  it('shlink: the API list carries validity and max visits as link controls', () => {
    const [first] = parseImport('shlink', json('shlink.json')).items;
    expect(first).toMatchObject({
      domain: 's.test',
      body: {
        slug: 'summer-sale',
        target: 'https://example.com/sale',
        tags: ['sale', 'summer'],
        activeFrom: '2025-06-01T00:00:00.000Z',
        expiresAt: '2025-09-01T00:00:00.000Z',
        maxScans: 500,
      },
    });
  });

  it('kutt: a password-protected link is a row problem, the rest import with expiry and title', () => {
    const parsed = parseImport('kutt', json('kutt.json'));
    expect(parsed.errors.map((e) => [e.row, e.problem.code])).toEqual([[2, 'unprocessable']]);
    expect(parsed.items[0]).toMatchObject({
      row: 1,
      body: { slug: 'kutt-menu', title: 'Menu from Kutt', expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(parsed.items[1]?.domain).toBe('go.kutt.test');
  });

  it('yourls: keywords are slugs, the short URL gives the host', () => {
    const [csvFirst] = parseImport('yourls', fixture('yourls.csv')).items;
    expect(csvFirst?.body).toMatchObject({ slug: 'yourls-home', title: 'Home page "YOURLS"' });
    const [jsonFirst] = parseImport('yourls', json('yourls.json')).items;
    expect(jsonFirst).toMatchObject({ domain: 'y.test', body: { slug: 'yourls-docs' } });
  });

  it('a file without the target column is one 400 naming it', () => {
    const problem = problemOf(() => parseImport('bitly', 'title,tags\nA,b\n'));
    expect(problem.status).toBe(400);
    expect(problem.detail).toContain('long_url');
  });
});

describe('our CSV', () => {
  it('decodes JSON cells, tags, booleans and numbers; a bad cell is that row’s problem', () => {
    const csv =
      'slug,mode,target,tags,enabled,maxScans,style,rules\n' +
      'one,redirect,https://example.com/1,a|b,false,10,"{""size"":256}","[{""name"":""r"",""then"":{""redirect"":""https://example.com/r""}}]"\n' +
      'two,,https://example.com/2,,,,{not json,\n';
    const parsed = parseImport('csv', csv);
    expect(parsed.items[0]).toMatchObject({
      row: 1,
      body: { slug: 'one', tags: ['a', 'b'], enabled: false, maxScans: 10, style: { size: 256 } },
      rules: [{ name: 'r', enabled: true, when: null }],
    });
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]?.row).toBe(2);
    expect(parsed.errors[0]?.problem.options.errors).toEqual([
      { path: '/style', message: 'is not valid JSON' },
    ]);
  });

  it('refuses an unknown column by name, and a file over the row limit', () => {
    expect(problemOf(() => parseImport('csv', 'target,taget\nhttps://example.com/,x\n')).detail).toContain(
      'taget',
    );
    const big = `target\n${'https://example.com/\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(problemOf(() => parseImport('csv', big)).status).toBe(413);
  });
});
