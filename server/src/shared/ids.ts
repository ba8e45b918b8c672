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
 * Ids that also sort in the order they were made within one millisecond (ULID's monotonic
 * ids): an id made in the same millisecond as the last one is the last one plus one. The audit
 * log needs this: a change and the changes it causes are often written in the same millisecond.
 */
export function monotonicIds(prefix: IdPrefix): (now?: number) => string {
  let last = '';
  return (now = Date.now()) => {
    const time = idTimeBound(prefix, now);
    last = last.startsWith(time) ? incremented(last, time.length) : newId(prefix, now);
    return last;
  };
}

/** `id` plus one in its random part (base32 digits after `from`); the random part never runs out in a millisecond. */
function incremented(id: string, from: number): string {
  const digits = id.split('');
  for (let i = digits.length - 1; i >= from; i--) {
    const value = ALPHABET.indexOf(digits[i] as string);
    if (value < 31) {
      digits[i] = ALPHABET[value + 1] as string;
      return digits.join('');
    }
    digits[i] = '0';
  }
  throw new Error('monotonic id overflow within one millisecond');
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
  | 'inv'
  | 'wh'
  | 'dlv'
  | 'msg'
  | 'gs1'
  | 'cnv';
