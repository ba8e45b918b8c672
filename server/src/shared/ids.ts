import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

/**
 * Opaque prefixed ids (`qr_01jdx...`): a 48-bit millisecond time then 80 random bits, base32.
 * Sorting ids sorts by creation, which keyset pagination relies on.
 */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  const bytes = randomBytes(10);
  let random = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      random += ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `${idTimeBound(prefix, now)}${random}`;
}

/**
 * The ids made at `time` or later sort at or after this string, the ids made before it sort
 * before it: a time range of ids is an id range (the audit log pages by id, filtered by time).
 */
export function idTimeBound(prefix: IdPrefix, time: number): string {
  let encoded = '';
  let t = Math.max(0, Math.floor(time));
  for (let i = 0; i < 10; i++) {
    encoded = ALPHABET[t % 32] + encoded;
    t = Math.floor(t / 32);
  }
  return `${prefix}_${encoded}`;
}

export type IdPrefix =
  | 'acct'
  | 'qr'
  | 'rule'
  | 'host'
  | 'key'
  | 'sub'
  | 'scan'
  | 'evt'
  | 'ast'
  | 'dsn'
  | 'inv';
