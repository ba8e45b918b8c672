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
  const id = Buffer.allocUnsafe(6 + RANDOM_BYTES);
  id.writeUInt32BE(lastSecond >>> 0, 0);
  id.writeUInt16BE(sequence, 4);
  block.copy(id, 6, offset, offset + RANDOM_BYTES);
  offset += RANDOM_BYTES;
  return sortableBase64(id);
}

/** Base64 of whole 3-byte groups in ALPHABET: text order is the bytes' order. */
function sortableBase64(bytes: Buffer): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const group = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    text += `${ALPHABET.charAt(group >>> 18)}${ALPHABET.charAt((group >>> 12) & 63)}${ALPHABET.charAt((group >>> 6) & 63)}${ALPHABET.charAt(group & 63)}`;
  }
  return text;
}
