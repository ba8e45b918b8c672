import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

/**
 * Opaque prefixed ids (`qr_01jdx...`): a 48-bit millisecond time then 80 random bits, base32.
 * Sorting ids sorts by creation, which keyset pagination relies on.
 */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
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
  return `${prefix}_${time}${random}`;
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
