import { randomFillSync } from 'node:crypto';

/**
 * Scan ids (`rq_id`, conversions): 16 URL-safe characters for 96 bits: the second the scan was made
 * (32 bits), its place among this process's ids of that second (16 bits), then 48 random bits.
 *
 * Each id sorts after the one before it, as text: an insert into an index of them (PostgreSQL's
 * `scans_scan_id`, SQLite's `scan_ids` the fold writes) lands on its last page, where the b-tree
 * appends without rebalancing. Ids in random order within their minute (the
 * first design) cost the edge's thread 9 to 10 µs a scan on SQLite against 5 in order
 * (appendRaw over 200k attributed scans, 45 a millisecond). So the characters are base64's in
 * ASCII order (`-`, digits, upper case, `_`, lower case), not base64url's, whose text order is not
 * its bytes' order.
 *
 * Unguessable enough for what it guards: a conversion names a scan of the reporter's own workspace,
 * 2^48 ids to try for each second and place. What an id tells (when it was made, and how many
 * attributed scans this process answered before it that second) is no more than its target knows.
 * Made at the edge without a database round trip: random bytes are drawn in blocks (one system
 * call per 512 ids, not one per scan).
 */
const RANDOM_BYTES = 6;
const BLOCK_IDS = 512;
const MAX_SEQUENCE = 0xffff;
const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let block = Buffer.alloc(0);
let offset = 0;
let lastSecond = 0;
let sequence = 0;

/**
 * A new scan id; `now` is the scan's time (the seeds of benches and tests pass theirs). Never
 * before the last id: a clock set back, or a time earlier than the last one passed, takes the last
 * id's second, and a second's 65,536th id the next second.
 */
export function newScanId(now: number = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second > lastSecond) {
    lastSecond = second;
    sequence = 0;
  } else if (++sequence > MAX_SEQUENCE) {
    lastSecond += 1;
    sequence = 0;
  }
  if (offset >= block.length) {
    block = randomFillSync(Buffer.allocUnsafe(RANDOM_BYTES * BLOCK_IDS));
    offset = 0;
  }
  // Four groups of 24 bits, 4 characters each: the second's first 24 bits; its last 8 and the
  // sequence; then the random bytes. One string made from character codes: 80 ns an id, where a
  // buffer written and then encoded a character at a time took 260.
  const random = offset;
  offset += RANDOM_BYTES;
  return charactersOf(
    lastSecond >>> 8,
    ((lastSecond & 0xff) << 16) | sequence,
    ((block[random] as number) << 16) | ((block[random + 1] as number) << 8) | (block[random + 2] as number),
    ((block[random + 3] as number) << 16) |
      ((block[random + 4] as number) << 8) |
      (block[random + 5] as number),
  );
}

const CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0));
const code = (group: number, shift: number) => CODES[(group >>> shift) & 63] as number;

/** Four 24-bit groups as 16 characters of ALPHABET: text order is the groups' order. */
function charactersOf(a: number, b: number, c: number, d: number): string {
  return String.fromCharCode(
    code(a, 18),
    code(a, 12),
    code(a, 6),
    code(a, 0),
    code(b, 18),
    code(b, 12),
    code(b, 6),
    code(b, 0),
    code(c, 18),
    code(c, 12),
    code(c, 6),
    code(c, 0),
    code(d, 18),
    code(d, 12),
    code(d, 6),
    code(d, 0),
  );
}
