import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A bucket is one 4 kB page of the file: a lookup reads the used part of one page with one system
 * call. The pages live in the operating system's cache, not in the process (RSS), which is what
 * lets a million codes be read in a few µs each within the instance's memory bar
 * (docs/adr/2026-11-26-cold-code-read.md, "The edge code file").
 */
export const BUCKET_BYTES = 4096;
/** A record's header: the key's hash (u32; 0 once removed), the key's bytes (u16), the value's (u16). */
const RECORD_HEADER = 8;
/** Larger records (a target of kilobytes) are not stored: their codes are read from the database. */
const MAX_RECORD = 1024;
/** Buckets tried from a key's own, each full one sending on to the next. */
const MAX_PROBES = 4;
/** The share of the file the records are sized to fill, so that few buckets overflow. */
const FILL = 0.6;

/** FNV-1a over the key's UTF-16 code units; never 0 (a removed record's mark). */
function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0 || 1;
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/** Whether a record of `key` and `value` is small enough to be stored at all. */
export function fitsRecord(key: string, value: string): boolean {
  return RECORD_HEADER + Buffer.byteLength(key) + Buffer.byteLength(value) <= MAX_RECORD;
}

/** Buckets for `records` records of `recordBytes` bytes on average. */
export function bucketsFor(records: number, recordBytes: number): number {
  return Math.max(16, Math.ceil((records * (RECORD_HEADER + recordBytes)) / (BUCKET_BYTES * FILL)));
}

/**
 * A hash table of string keys to string values in a file of fixed-size buckets, for one process:
 * the file is unlinked as soon as it is open (nothing is left behind, even after a crash), and
 * what each bucket holds is known here (its used bytes, whether it overflowed), so a lookup reads
 * only what a bucket holds, and a key whose bucket is empty costs no system call. A record that
 * finds no room within `MAX_PROBES` buckets is not stored: `put` answers false.
 */
export class FileHashTable {
  /** Bytes in use at the start of each bucket (records, removed ones included until compacted). */
  private readonly used: Uint16Array;
  /** Set once a record that hashed to the bucket went on to the next one. */
  private readonly overflowed: Uint8Array;
  private readonly page = Buffer.allocUnsafe(BUCKET_BYTES);
  private readonly record = Buffer.allocUnsafe(MAX_RECORD);
  /** The bucket of the record `find` found last. */
  private foundBucket = 0;
  /** Records held. */
  size = 0;

  private constructor(
    private readonly fd: number,
    readonly buckets: number,
  ) {
    this.used = new Uint16Array(buckets);
    this.overflowed = new Uint8Array(buckets);
  }

  /** A new, empty file of `buckets` buckets in `dir` (sparse: it grows as buckets are written). */
  static create(dir: string, buckets: number): FileHashTable {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `edge-codes-${process.pid}-${randomBytes(4).toString('hex')}.bin`);
    const fd = fs.openSync(file, 'w+');
    try {
      fs.unlinkSync(file);
      fs.ftruncateSync(fd, buckets * BUCKET_BYTES);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
    return new FileHashTable(fd, buckets);
  }

  get(key: string): string | undefined {
    const at = this.find(key);
    if (at < 0) return undefined;
    const { page } = this;
    const valueStart = at + RECORD_HEADER + u16(page, at + 4);
    return page.toString('utf8', valueStart, valueStart + u16(page, at + 6));
  }

  /** Stores `value` under `key` (replacing any); false when it is too large or finds no room. */
  put(key: string, value: string): boolean {
    this.remove(key);
    return this.add(key, value);
  }

  /** `put` for a key known not to be stored (the build's: no lookup first). */
  add(key: string, value: string): boolean {
    const size = this.encode(key, value);
    if (size === 0) return false;
    let bucket = keyHash(key) % this.buckets;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      let used = this.used[bucket] ?? 0;
      if (used + size > BUCKET_BYTES) used = this.compact(bucket);
      if (used + size <= BUCKET_BYTES) {
        fs.writeSync(this.fd, this.record, 0, size, bucket * BUCKET_BYTES + used);
        this.used[bucket] = used + size;
        this.size++;
        return true;
      }
      this.overflowed[bucket] = 1;
      bucket = (bucket + 1) % this.buckets;
    }
    return false;
  }

  remove(key: string): boolean {
    const at = this.find(key);
    if (at < 0) return false;
    this.page.writeUInt32LE(0, at);
    fs.writeSync(this.fd, this.page, at, 4, this.foundBucket * BUCKET_BYTES + at);
    this.size--;
    return true;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  /**
   * The offset of `key`'s record in `this.page`, which then holds its bucket (`foundBucket`), or -1.
   * On the hot path of every cold scan: bytes are read by index, and a key is decoded only when
   * its record's hash matches.
   */
  private find(key: string): number {
    const hash = keyHash(key);
    const { page } = this;
    let bucket = hash % this.buckets;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      const end = this.used[bucket] ?? 0;
      if (end > 0) fs.readSync(this.fd, page, 0, end, bucket * BUCKET_BYTES);
      for (let at = 0; at < end; ) {
        const keyStart = at + RECORD_HEADER;
        const keyEnd = keyStart + u16(page, at + 4);
        if (u32(page, at) === hash && page.toString('utf8', keyStart, keyEnd) === key) {
          this.foundBucket = bucket;
          return at;
        }
        at = keyEnd + u16(page, at + 6);
      }
      if (this.overflowed[bucket] === 0) return -1;
      bucket = (bucket + 1) % this.buckets;
    }
    return -1;
  }

  /** The record in `this.record`; answers its size, or 0 when it does not fit one. */
  private encode(key: string, value: string): number {
    const keyBytes = Buffer.byteLength(key);
    const valueBytes = Buffer.byteLength(value);
    const size = RECORD_HEADER + keyBytes + valueBytes;
    if (size > MAX_RECORD) return 0;
    const { record } = this;
    record.writeUInt32LE(keyHash(key), 0);
    record.writeUInt16LE(keyBytes, 4);
    record.writeUInt16LE(valueBytes, 6);
    record.write(key, RECORD_HEADER, 'utf8');
    record.write(value, RECORD_HEADER + keyBytes, 'utf8');
    return size;
  }

  /** Drops a bucket's removed records, so that its live ones sit together at its start; answers its used bytes. */
  private compact(bucket: number): number {
    const end = this.used[bucket] ?? 0;
    const { page } = this;
    fs.readSync(this.fd, page, 0, end, bucket * BUCKET_BYTES);
    let kept = 0;
    for (let at = 0; at < end; ) {
      const next = at + RECORD_HEADER + u16(page, at + 4) + u16(page, at + 6);
      if (u32(page, at) !== 0) {
        page.copy(page, kept, at, next);
        kept += next - at;
      }
      at = next;
    }
    if (kept < end) {
      fs.writeSync(this.fd, page, 0, kept, bucket * BUCKET_BYTES);
      this.used[bucket] = kept;
    }
    return kept;
  }
}
