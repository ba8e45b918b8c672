import { describe, expect, it } from 'vitest';
import {
  isReservedSlug,
  isValidSlug,
  RANDOM_SLUG_LENGTH,
  RESERVED_SLUGS,
  randomSlug,
  SLUG_ALPHABET,
} from './slugs.js';

describe('slugs', () => {
  it('takes 3 to 64 of A-Z a-z 0-9 _ -', () => {
    expect(isValidSlug('abc')).toBe(true);
    expect(isValidSlug('Spring_Menu-2026')).toBe(true);
    expect(isValidSlug('ab')).toBe(false);
    expect(isValidSlug('a'.repeat(65))).toBe(false);
    expect(isValidSlug('with space')).toBe(false);
    expect(isValidSlug('ümlaut')).toBe(false);
  });

  it('reserves the site words on the primary host only, in any case', () => {
    for (const word of [
      'api',
      'docs',
      'r',
      'tutorials',
      'login',
      'analytics',
      'api-keys',
      'qr-design-tool',
      'healthz',
    ]) {
      expect(RESERVED_SLUGS).toContain(word);
    }
    expect(isReservedSlug('api', '')).toBe(true);
    expect(isReservedSlug('API', '')).toBe(true);
    expect(isReservedSlug('Docs', '')).toBe(true);
    expect(isReservedSlug('api', 'qr.example.com')).toBe(false);
    expect(isReservedSlug('menu', '')).toBe(false);
  });

  it('makes random slugs of 8 unambiguous characters', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const slug = randomSlug();
      expect(slug).toHaveLength(RANDOM_SLUG_LENGTH);
      expect([...slug].every((char) => SLUG_ALPHABET.includes(char))).toBe(true);
      expect(isValidSlug(slug)).toBe(true);
      seen.add(slug);
    }
    expect(seen.size).toBe(500);
    for (const ambiguous of ['0', 'O', 'o', '1', 'l', 'I']) expect(SLUG_ALPHABET).not.toContain(ambiguous);
  });
});
