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

  it('sorts after the one before it, as text: within a second, across seconds, and when the clock goes back', () => {
    const at = Date.UTC(2026, 10, 29, 12, 0, 30);
    const times = [at, at, at + 1, at + 999, at + 1000, at + 5000, at - 60_000, at + 5001];
    const ids = times.map((time) => newScanId(time));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('begins with the second it was made in', () => {
    const at = Date.UTC(2031, 0, 1);
    expect(secondOf(newScanId(at))).toBe(at / 1000);
    expect(secondOf(newScanId(at + 2500))).toBe(at / 1000 + 2);
  });
});

/** The second in a scan id's first 32 bits (its characters are base64's, in ASCII order). */
function secondOf(id: string): number {
  const alphabet = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
  const bits = [...id.slice(0, 6)]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(6, '0'))
    .join('');
  return Number.parseInt(bits.slice(0, 32), 2);
}
