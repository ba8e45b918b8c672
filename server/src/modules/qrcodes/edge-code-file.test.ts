import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EdgeCodeFile, type EdgeCodeRows } from './edge-code-file.js';
import type { RedirectRow } from './edge-fields.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-edge-code-file-test-'));
const log = pino({ level: 'silent' });

const row = (slug: string, target = `https://example.com/${slug}`): RedirectRow => ({
  id: `qr_${slug}`,
  account_id: 'acct_1',
  slug,
  host_key: '',
  mode: 'redirect',
  target,
  exec_json: null,
  enabled: 1,
  rule_ids: slug.startsWith('ruled') ? ['rule_b', 'rule_a'] : [],
  active_from: null,
  expires_at: 1_900_000_000_000,
  max_scans: null,
  expired_target: null,
  password_hash: null,
  utm_json: '{"source":"qr"}',
  apps_json: null,
  attribution_json: null,
});

/** The database as the file reads it: rows in (host, slug) order, a page at a time. */
function tableOf(rows: RedirectRow[], onPage?: (pageNumber: number) => void): EdgeCodeRows {
  let pages = 0;
  const sorted = () => [...rows].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  return {
    page: async (after, limit) => {
      onPage?.(++pages);
      return sorted()
        .filter((r) => !after || r.slug > after.slug)
        .slice(0, limit);
    },
    volume: async () => ({ codes: rows.length, chars: rows.length * 60 }),
  };
}

const codeFiles: EdgeCodeFile[] = [];
const codeFileOf = (rows: EdgeCodeRows) => {
  const codeFile = new EdgeCodeFile(rows, { dir, log });
  codeFiles.push(codeFile);
  return codeFile;
};
afterEach(() => {
  for (const codeFile of codeFiles.splice(0)) codeFile.close();
});

describe('the edge code file', () => {
  it('answers nothing until built, then every code page after page, as the database has it', async () => {
    const rows = Array.from({ length: 4_500 }, (_, i) => row(`c${String(i).padStart(5, '0')}`));
    rows.push(row('ruled'));
    const codeFile = codeFileOf(tableOf(rows));
    expect(codeFile.get('', 'c00001')).toBeUndefined();
    await codeFile.build();
    expect(codeFile.size).toBe(4_501);
    expect(codeFile.get('', 'c04499')).toEqual(rows[4_499]);
    expect(codeFile.get('', 'ruled')).toEqual(row('ruled'));
    expect(codeFile.get('', 'nope')).toBeUndefined();
    expect(codeFile.get('other.example', 'c00001')).toBeUndefined();
  });

  it('does not store a row whose text holds its separators (the edge reads it from the database)', async () => {
    const odd = { ...row('odd'), exec_json: '{"note":"a\u0000b"}', password_hash: '\u0001' };
    const codeFile = codeFileOf(tableOf([odd, row('plain')]));
    await codeFile.build();
    expect(codeFile.get('', 'odd')).toBeUndefined();
    expect(codeFile.get('', 'plain')).toEqual(row('plain'));
    codeFile.remember(odd, codeFile.readMark);
    expect(codeFile.get('', 'odd')).toBeUndefined();
  });

  it('drops a changed code at once, and stores its next read unless another change came first', async () => {
    const codeFile = codeFileOf(tableOf([row('a'), row('b')]));
    await codeFile.build();
    codeFile.changed('', 'a');
    expect(codeFile.get('', 'a')).toBeUndefined();
    const mark = codeFile.readMark;
    codeFile.remember(row('a', 'https://example.com/new'), mark);
    expect(codeFile.get('', 'a')?.target).toBe('https://example.com/new');

    const staleMark = codeFile.readMark;
    codeFile.changed('', 'b');
    codeFile.remember(row('b', 'https://example.com/read-before-the-change'), staleMark);
    expect(codeFile.get('', 'b')).toBeUndefined();
  });

  it('drops thousands of changed codes at once, and removes them from its file over the next turns', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`c${String(i).padStart(5, '0')}`));
    const codeFile = codeFileOf(tableOf(rows));
    await codeFile.build();
    for (const changed of rows.slice(0, 4_000)) codeFile.changed('', changed.slug);
    expect(codeFile.get('', 'c00000')).toBeUndefined();
    expect(codeFile.get('', 'c03999')).toBeUndefined();
    expect(codeFile.get('', 'c04000')).toEqual(rows[4_000]);
    await vi.waitFor(() => expect(codeFile.size).toBe(1_000));
    expect(codeFile.get('', 'c00000')).toBeUndefined();
    // Read again after the change: stored again, whether or not its removal had come yet.
    codeFile.remember(rows[1] as RedirectRow, codeFile.readMark);
    expect(codeFile.get('', 'c00001')).toEqual(rows[1]);
  });

  it('drops what changed while it was being built', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`c${String(i).padStart(5, '0')}`));
    let codeFile: EdgeCodeFile | undefined;
    // A change of a code the build has already read, published while it reads the next page.
    codeFile = codeFileOf(tableOf(rows, (page) => page === 2 && codeFile?.changed('', 'c00010')));
    await codeFile.build();
    expect(codeFile.get('', 'c00010')).toBeUndefined();
    expect(codeFile.get('', 'c00011')).toEqual(rows[11]);
  });

  it('builds a larger file once when codes added since no longer find room, and stores what never fits nowhere', async () => {
    const rows: RedirectRow[] = [];
    let volumes = 0;
    const table = tableOf(rows);
    const codeFile = codeFileOf({
      ...table,
      volume: () => {
        volumes += 1;
        return table.volume();
      },
    });
    await codeFile.build(); // an empty database: a file for about a thousand codes
    for (let i = 0; i < 8_000; i++) rows.push(row(`n${String(i).padStart(5, '0')}`));
    // Each code read from the database after the build: thousands find no room.
    for (const added of rows) codeFile.remember(added, codeFile.readMark);
    await vi.waitFor(() => expect(codeFile.size).toBe(8_000), { timeout: 10_000 });
    expect(volumes).toBe(2);
    expect(codeFile.get('', 'n07999')).toEqual(rows[7_999]);

    const huge = row('huge', `https://example.com/${'x'.repeat(2_000)}`);
    for (let i = 0; i < 2_000; i++) codeFile.remember(huge, codeFile.readMark);
    expect(codeFile.get('', 'huge')).toBeUndefined();
    expect(volumes).toBe(2);
  });

  it('answers nothing while paused (changes may be missed), and a build overtaken by a pause is thrown away', async () => {
    const codeFile = codeFileOf(tableOf([row('a')]));
    await codeFile.build();
    codeFile.pause();
    expect(codeFile.get('', 'a')).toBeUndefined();
    codeFile.remember(row('a'), codeFile.readMark);
    expect(codeFile.get('', 'a')).toBeUndefined();

    const building = codeFile.build();
    codeFile.pause();
    await building;
    expect(codeFile.size).toBe(0);
    await codeFile.build();
    expect(codeFile.get('', 'a')).toEqual(row('a'));
  });
});
