import { randomFillSync } from 'node:crypto';

/**
 * Scan ids (`rq_id`, conversions): 16 base64url characters, 96 bits: the minute the scan was made
 * (32 bits from the epoch), then 64 random bits. Unguessable (a conversion can only name a scan its
 * reporter was handed: 2^64 ids a minute to guess among), and the minute first keeps a minute's ids
 * together in `scans_scan_id`, so an append writes the index's few hot pages rather than a random
 * page of millions: over 1M scans, SQLite appended 77k scans/s against 28k with 96 random bits
 * (bench/scan-ids.mjs). The minute says no more than the target already knows: when it was visited.
 * Made at the edge without a database round trip: random bytes are drawn in blocks (one system
 * call per 512 ids, not one per scan).
 */
const RANDOM_BYTES = 8;
const BLOCK_IDS = 512;
const MINUTE_MS = 60_000;

let block = Buffer.alloc(0);
let offset = 0;

/** A new scan id; `now` is the scan's time (the seeds of benches and tests pass theirs). */
export function newScanId(now: number = Date.now()): string {
  if (offset >= block.length) {
    block = randomFillSync(Buffer.allocUnsafe(RANDOM_BYTES * BLOCK_IDS));
    offset = 0;
  }
  const id = Buffer.allocUnsafe(4 + RANDOM_BYTES);
  id.writeUInt32BE(Math.floor(now / MINUTE_MS) >>> 0, 0);
  block.copy(id, 4, offset, offset + RANDOM_BYTES);
  offset += RANDOM_BYTES;
  return id.toString('base64url');
}
