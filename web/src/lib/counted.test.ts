import { describe, expect, it } from 'vitest';
import { counted } from './counted';

describe('counted', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(counted(1, 'redirect')).toBe('1 redirect');
    expect(counted(0, 'redirect')).toBe('0 redirects');
    expect(counted(10_000, 'redirect')).toBe('10,000 redirects');
    expect(counted(1, 'custom hostname')).toBe('1 custom hostname');
    expect(counted(2, 'entry', 'entries')).toBe('2 entries');
  });
});
