import { describe, expect, it } from 'vitest';
import { newScanId } from '../scans/scan-id.js';
import { withScanId } from './edge.js';

describe('the scan id on a target', () => {
  it('is added before the fragment, after the query the target has', () => {
    expect(withScanId('https://shop.example/p', 'rq_id', 'ID')).toBe('https://shop.example/p?rq_id=ID');
    expect(withScanId('https://shop.example/p?x=1#top', 'rq_id', 'ID')).toBe(
      'https://shop.example/p?x=1&rq_id=ID#top',
    );
    expect(withScanId('https://shop.example/p?', 'ref', 'ID')).toBe('https://shop.example/p?ref=ID');
  });

  it('replaces a value the target already has under that name', () => {
    expect(withScanId('https://shop.example/?rq_id=old&x=1', 'rq_id', 'ID')).toBe(
      'https://shop.example/?rq_id=ID&x=1',
    );
    // A longer name that ends the same is another parameter.
    expect(withScanId('https://shop.example/?my_rq_id=1', 'rq_id', 'ID')).toBe(
      'https://shop.example/?my_rq_id=1&rq_id=ID',
    );
  });

  it('is 16 URL-safe characters, and new each time', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newScanId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('begins with the minute it was made, the rest random: a minute’s ids share their first characters', () => {
    const at = Date.UTC(2026, 10, 29, 12, 0, 30);
    const minute = Array.from({ length: 100 }, () => newScanId(at));
    expect(new Set(minute).size).toBe(100);
    expect(new Set(minute.map((id) => id.slice(0, 5))).size).toBe(1);
    const bytes = Buffer.from(minute[0] as string, 'base64url');
    expect(bytes.readUInt32BE(0)).toBe(Math.floor(at / 60_000));
    expect(Buffer.from(newScanId(at + 60_000), 'base64url').readUInt32BE(0)).toBe(
      Math.floor(at / 60_000) + 1,
    );
  });
});
