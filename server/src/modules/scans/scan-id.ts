import { randomFillSync } from 'node:crypto';

/**
 * Scan ids (`rq_id`, conversions): 96 random bits as 16 base64url characters, unguessable, so a
 * conversion can only name a scan its reporter was handed. Made at the edge without a database
 * round trip: random bytes are drawn in blocks (one system call per 512 ids, not one per scan).
 */
const ID_BYTES = 12;
const BLOCK_IDS = 512;

let block = Buffer.alloc(0);
let offset = 0;

export function newScanId(): string {
  if (offset >= block.length) {
    block = randomFillSync(Buffer.allocUnsafe(ID_BYTES * BLOCK_IDS));
    offset = 0;
  }
  const id = block.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}
