import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUCKET_BYTES, bucketsFor, FileHashTable } from './file-hash-table.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-file-hash-table-test-'));
const files: FileHashTable[] = [];
const open = (buckets: number) => {
  const file = FileHashTable.create(dir, buckets);
  files.push(file);
  return file;
};
afterEach(() => {
  for (const file of files.splice(0)) file.close();
});

describe('the file hash table', () => {
  it('answers what was put, replaced and removed, and leaves no file behind', () => {
    const file = open(bucketsFor(1_000, 100));
    expect(fs.readdirSync(dir)).toEqual([]);
    for (let i = 0; i < 1_000; i++) expect(file.add(`/code-${i}`, `{"n":${i}}`)).toBe(true);
    expect(file.size).toBe(1_000);
    expect(file.get('/code-7')).toBe('{"n":7}');
    expect(file.get('/code-1000')).toBeUndefined();
    expect(file.put('/code-7', '"seven"')).toBe(true);
    expect(file.get('/code-7')).toBe('"seven"');
    expect(file.remove('/code-8')).toBe(true);
    expect(file.remove('/code-8')).toBe(false);
    expect(file.get('/code-8')).toBeUndefined();
    expect(file.size).toBe(999);
    for (let i = 0; i < 1_000; i++) if (i !== 7 && i !== 8) expect(file.get(`/code-${i}`)).toBe(`{"n":${i}}`);
  });

  it('holds keys and values in any script, and tells keys apart that share a hash bucket', () => {
    const file = open(1);
    file.add('münchen.example/spätzle', '"ü"');
    file.add('/😀', '"emoji"');
    file.add('/a', '"a"');
    expect(file.get('münchen.example/spätzle')).toBe('"ü"');
    expect(file.get('/😀')).toBe('"emoji"');
    expect(file.get('/a')).toBe('"a"');
    expect(file.get('/b')).toBeUndefined();
  });

  it('sends a full bucket on to the next ones, and stops after four', () => {
    const file = open(16);
    const value = 'x'.repeat(1000 - 8 - 6);
    let stored = 0;
    for (let i = 0; i < 200; i++) if (file.add(`/k${String(i).padStart(4, '0')}`, value)) stored++;
    // Four 1 kB records a 4 kB bucket, 16 buckets: at most 64 records, and some keys find no room.
    expect(stored).toBeLessThanOrEqual((16 * BUCKET_BYTES) / 1000);
    expect(stored).toBeGreaterThan(32);
    expect(file.size).toBe(stored);
    let found = 0;
    for (let i = 0; i < 200; i++) if (file.get(`/k${String(i).padStart(4, '0')}`) === value) found++;
    expect(found).toBe(stored);
  });

  it('reuses the room of removed records', () => {
    const file = open(1);
    const value = 'v'.repeat(500);
    const keys = Array.from({ length: 7 }, (_, i) => `/r${i}`);
    for (const key of keys) expect(file.add(key, value)).toBe(true);
    expect(file.add('/one-too-many', value)).toBe(false);
    expect(file.remove('/r3')).toBe(true);
    expect(file.add('/one-too-many', value)).toBe(true);
    for (const key of keys) expect(file.get(key)).toBe(key === '/r3' ? undefined : value);
    expect(file.get('/one-too-many')).toBe(value);
  });

  it('does not store a record over 1 kB (its code is read from the database)', () => {
    const file = open(4);
    expect(file.add('/long', 'y'.repeat(2_000))).toBe(false);
    expect(file.get('/long')).toBeUndefined();
    expect(file.size).toBe(0);
  });
});
