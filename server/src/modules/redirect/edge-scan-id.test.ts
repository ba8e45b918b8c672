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
});
