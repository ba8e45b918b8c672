import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EdgeCodeIndex, type EdgeCodeRows } from './edge-code-index.js';
import type { RedirectRow } from './edge-fields.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-edge-index-test-'));
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

/** The database as the index reads it: rows in (host, slug) order, a page at a time. */
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

const indexes: EdgeCodeIndex[] = [];
const indexOf = (rows: EdgeCodeRows) => {
  const index = new EdgeCodeIndex(rows, { dir, log });
  indexes.push(index);
  return index;
};
afterEach(() => {
  for (const index of indexes.splice(0)) index.close();
});

describe('the edge code index', () => {
  it('answers nothing until built, then every code page after page, as the database has it', async () => {
    const rows = Array.from({ length: 4_500 }, (_, i) => row(`c${String(i).padStart(5, '0')}`));
    rows.push(row('ruled'));
    const index = indexOf(tableOf(rows));
    expect(index.get('', 'c00001')).toBeUndefined();
    await index.build();
    expect(index.size).toBe(4_501);
    expect(index.get('', 'c04499')).toEqual(rows[4_499]);
    expect(index.get('', 'ruled')).toEqual(row('ruled'));
    expect(index.get('', 'nope')).toBeUndefined();
    expect(index.get('other.example', 'c00001')).toBeUndefined();
  });

  it('does not store a row whose text holds its separators (the edge reads it from the database)', async () => {
    const odd = { ...row('odd'), exec_json: '{"note":"a\u0000b"}', password_hash: '\u0001' };
    const index = indexOf(tableOf([odd, row('plain')]));
    await index.build();
    expect(index.get('', 'odd')).toBeUndefined();
    expect(index.get('', 'plain')).toEqual(row('plain'));
    index.remember(odd, index.readMark);
    expect(index.get('', 'odd')).toBeUndefined();
  });

  it('drops a changed code at once, and stores its next read unless another change came first', async () => {
    const index = indexOf(tableOf([row('a'), row('b')]));
    await index.build();
    index.changed('', 'a');
    expect(index.get('', 'a')).toBeUndefined();
    const mark = index.readMark;
    index.remember(row('a', 'https://example.com/new'), mark);
    expect(index.get('', 'a')?.target).toBe('https://example.com/new');

    const staleMark = index.readMark;
    index.changed('', 'b');
    index.remember(row('b', 'https://example.com/read-before-the-change'), staleMark);
    expect(index.get('', 'b')).toBeUndefined();
  });

  it('drops thousands of changed codes at once, and removes them from its file over the next turns', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`c${String(i).padStart(5, '0')}`));
    const index = indexOf(tableOf(rows));
    await index.build();
    for (const changed of rows.slice(0, 4_000)) index.changed('', changed.slug);
    expect(index.get('', 'c00000')).toBeUndefined();
    expect(index.get('', 'c03999')).toBeUndefined();
    expect(index.get('', 'c04000')).toEqual(rows[4_000]);
    await vi.waitFor(() => expect(index.size).toBe(1_000));
    expect(index.get('', 'c00000')).toBeUndefined();
    // Read again after the change: stored again, whether or not its removal had come yet.
    index.remember(rows[1] as RedirectRow, index.readMark);
    expect(index.get('', 'c00001')).toEqual(rows[1]);
  });

  it('drops what changed while it was being built', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row(`c${String(i).padStart(5, '0')}`));
    let index: EdgeCodeIndex | undefined;
    // A change of a code the build has already read, published while it reads the next page.
    index = indexOf(tableOf(rows, (page) => page === 2 && index?.changed('', 'c00010')));
    await index.build();
    expect(index.get('', 'c00010')).toBeUndefined();
    expect(index.get('', 'c00011')).toEqual(rows[11]);
  });

  it('builds a larger file once when codes added since no longer find room, and stores what never fits nowhere', async () => {
    const rows: RedirectRow[] = [];
    let volumes = 0;
    const table = tableOf(rows);
    const index = indexOf({
      ...table,
      volume: () => {
        volumes += 1;
        return table.volume();
      },
    });
    await index.build(); // an empty database: a file for about a thousand codes
    for (let i = 0; i < 8_000; i++) rows.push(row(`n${String(i).padStart(5, '0')}`));
    // Each code read from the database after the build: thousands find no room.
    for (const added of rows) index.remember(added, index.readMark);
    await vi.waitFor(() => expect(index.size).toBe(8_000), { timeout: 10_000 });
    expect(volumes).toBe(2);
    expect(index.get('', 'n07999')).toEqual(rows[7_999]);

    const huge = row('huge', `https://example.com/${'x'.repeat(2_000)}`);
    for (let i = 0; i < 2_000; i++) index.remember(huge, index.readMark);
    expect(index.get('', 'huge')).toBeUndefined();
    expect(volumes).toBe(2);
  });

  it('answers nothing while paused (changes may be missed), and a build overtaken by a pause is thrown away', async () => {
    const index = indexOf(tableOf([row('a')]));
    await index.build();
    index.pause();
    expect(index.get('', 'a')).toBeUndefined();
    index.remember(row('a'), index.readMark);
    expect(index.get('', 'a')).toBeUndefined();

    const building = index.build();
    index.pause();
    await building;
    expect(index.size).toBe(0);
    await index.build();
    expect(index.get('', 'a')).toEqual(row('a'));
  });
});
