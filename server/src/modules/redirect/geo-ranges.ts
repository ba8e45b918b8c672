import type { IpAddress } from '../rules/ip-address.js';

/**
 * An address family's GeoIP data reduced to what scans keep: sorted range starts, each with the
 * place (country, region) that holds from it to the next start. The DB-IP city files are 63 and
 * 71 MB of search tree and city records; as ranges of places they are about 12 and 23 MB, and a
 * lookup is a binary search. Pure: built from a walk of the mmdb tree
 * (geo-ranges.mmdb.ts), stored as bytes for the cache, and searched.
 */

export interface Place {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  /** State or province name, where the database has one. */
  region: string | null;
}

export interface GeoRanges {
  version: 4 | 6;
  /**
   * Range starts, most significant 32-bit word first, `wordsPerStart` words each: the IPv4 address,
   * or an IPv6 start's upper 64 bits. Of the 2.3 million IPv6 ranges only a few thousand start
   * inside a /64; their low 64 bits are kept aside (`fine`), which halves the table.
   */
  starts: Uint32Array;
  wordsPerStart: 1 | 2;
  /** The IPv6 ranges that start inside a /64: their indexes, ascending, and their low words, two each. */
  fine: { indexes: Uint32Array; lows: Uint32Array };
  /** The place of each range, an index into `places`; 0 is "nowhere" (private, unallocated). */
  placeIds: Uint16Array;
  /** Index 0 is null. */
  places: (Place | null)[];
}

/** Collects ranges in address order (as a depth-first walk of the tree yields them). */
export class GeoRangesBuilder {
  // Typed arrays grown by doubling: millions of ranges as JS numbers would take several times the memory.
  private starts = new Uint32Array(1 << 16);
  private placeIds = new Uint16Array(1 << 14);
  private count = 0;
  private readonly places: (Place | null)[] = [null];
  private readonly placeIndex = new Map<string, number>();
  private lastPlaceId = -1;

  constructor(private readonly version: 4 | 6) {}

  /** The id of a place, added to the table the first time it is seen. */
  placeId(place: Place | null): number {
    if (place === null || (place.country === null && place.region === null)) return 0;
    const key = `${place.country ?? ''}\u001f${place.region ?? ''}`;
    let id = this.placeIndex.get(key);
    if (id === undefined) {
      id = this.places.length;
      if (id > 0xffff) throw new Error('more places than a GeoIP range table can index');
      this.places.push(place);
      this.placeIndex.set(key, id);
    }
    return id;
  }

  /** A range starting at `words` (4 words for IPv6, 1 for IPv4); merged into the last one if the place is the same. */
  add(words: readonly number[], placeId: number): void {
    if (placeId === this.lastPlaceId) return;
    this.lastPlaceId = placeId;
    const width = words.length;
    if ((this.count + 1) * width > this.starts.length) this.starts = grown(this.starts);
    if (this.count + 1 > this.placeIds.length) this.placeIds = grown(this.placeIds);
    this.starts.set(words, this.count * width);
    this.placeIds[this.count] = placeId;
    this.count += 1;
  }

  build(): GeoRanges {
    const { count, version } = this;
    const placeIds = this.placeIds.slice(0, count);
    if (version === 4) {
      const starts = this.starts.slice(0, count);
      return { version, starts, wordsPerStart: 1, fine: noFineStarts(), placeIds, places: this.places };
    }
    const starts = new Uint32Array(count * 2);
    const fineIndexes: number[] = [];
    const fineLows: number[] = [];
    for (let i = 0; i < count; i++) {
      starts[i * 2] = this.starts[i * 4] as number;
      starts[i * 2 + 1] = this.starts[i * 4 + 1] as number;
      const low0 = this.starts[i * 4 + 2] as number;
      const low1 = this.starts[i * 4 + 3] as number;
      if (low0 !== 0 || low1 !== 0) {
        fineIndexes.push(i);
        fineLows.push(low0, low1);
      }
    }
    const fine = { indexes: Uint32Array.from(fineIndexes), lows: Uint32Array.from(fineLows) };
    return { version, starts, wordsPerStart: 2, fine, placeIds, places: this.places };
  }
}

const noFineStarts = () => ({ indexes: new Uint32Array(0), lows: new Uint32Array(0) });

function grown<T extends Uint32Array | Uint16Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** The address as the table's words: the IPv4 value, or IPv6's eight groups as four 32-bit words. */
function wordsOf(address: IpAddress): number[] {
  if (address.version === 4) return [address.value];
  const w = address.words;
  return [0, 2, 4, 6].map((i) => (((w[i] ?? 0) << 16) | (w[i + 1] ?? 0)) >>> 0);
}

/**
 * Some of a table's range starts: `count` of them, `wordsPerStart` words each, the first being the
 * table's range `first`, each next one `stride` ranges further (1: consecutive ranges, a block of
 * a paged table; RANGES_PER_BLOCK: the first start of each block).
 */
interface StartsView {
  starts: Uint32Array;
  count: number;
  first: number;
  stride: number;
}

/** Compares the view's start `at` with the address's words: negative, zero or positive. */
function compareStart(
  table: Pick<GeoRanges, 'version' | 'wordsPerStart' | 'fine'>,
  view: StartsView,
  at: number,
  words: readonly number[],
): number {
  const base = at * table.wordsPerStart;
  for (let w = 0; w < table.wordsPerStart; w++) {
    const start = view.starts[base + w] as number;
    const word = words[w] as number;
    if (start !== word) return start < word ? -1 : 1;
  }
  if (table.version === 4) return 0;
  // The same /64: the range's low words are zero unless it is one of the few kept aside.
  const fine = fineIndexOf(table.fine.indexes, view.first + at * view.stride);
  for (let w = 0; w < 2; w++) {
    const start = fine < 0 ? 0 : (table.fine.lows[fine * 2 + w] as number);
    const word = words[2 + w] as number;
    if (start !== word) return start < word ? -1 : 1;
  }
  return 0;
}

/** The view's last start at or before the address (binary search), or -1. */
function lastStartAtOrBefore(
  table: Pick<GeoRanges, 'version' | 'wordsPerStart' | 'fine'>,
  view: StartsView,
  words: readonly number[],
): number {
  let low = 0;
  let high = view.count - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (compareStart(table, view, mid, words) <= 0) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Where `index` is among the ranges kept aside, or -1. */
function fineIndexOf(indexes: Uint32Array, index: number): number {
  let low = 0;
  let high = indexes.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = indexes[mid] as number;
    if (value === index) return mid;
    if (value < index) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** The place holding the address: the last range starting at or before it. */
export function findPlace(ranges: GeoRanges, address: IpAddress): Place | null {
  if (address.version !== ranges.version) return null;
  const count = ranges.placeIds.length;
  const found = lastStartAtOrBefore(
    ranges,
    { starts: ranges.starts, count, first: 0, stride: 1 },
    wordsOf(address),
  );
  if (found < 0) return null;
  return ranges.places[ranges.placeIds[found] as number] ?? null;
}

/** Ranges a paged table reads from its file at a time: 1 KiB of IPv4 starts, 2 KiB of IPv6. */
export const RANGES_PER_BLOCK = 256;

/** Reads `length` bytes of the file at `position` into the start of `into` (all of them, or throws). */
export type ReadAt = (into: Uint8Array, length: number, position: number) => void;

/**
 * A table whose starts and place ids stay in its cache file (the operating system's page cache,
 * shared by the machine's instances, not each process's memory): in memory only the first start
 * of each block of RANGES_PER_BLOCK ranges, the fine starts and the places, about 1/200 of it.
 * A lookup finds its block from those, then reads the block's starts and place ids. The file's
 * reads are given to it (`ReadAt`), so the logic stays free of I/O.
 */
export class PagedRanges {
  // One block's buffers, reused by every lookup (a lookup is synchronous).
  private readonly starts: Uint32Array;
  private readonly placeIds: Uint16Array;
  private readonly startBytes: Uint8Array;
  private readonly placeIdBytes: Uint8Array;
  /** What comparing a start needs of the table. */
  private readonly table: Pick<GeoRanges, 'version' | 'wordsPerStart' | 'fine'>;

  private constructor(
    private readonly layout: RangesLayout,
    private readonly blockStarts: Uint32Array,
    fine: GeoRanges['fine'],
    private readonly readAt: ReadAt,
  ) {
    this.starts = new Uint32Array(RANGES_PER_BLOCK * layout.wordsPerStart);
    this.placeIds = new Uint16Array(RANGES_PER_BLOCK);
    this.startBytes = new Uint8Array(this.starts.buffer);
    this.placeIdBytes = new Uint8Array(this.placeIds.buffer);
    this.table = { version: layout.version, wordsPerStart: layout.wordsPerStart, fine };
  }

  /**
   * Opens a cache file of `size` bytes: its layout, the first start of each block (read a
   * megabyte of starts at a time) and the fine starts; null when it was made from another source
   * or its length is not the one its header gives.
   */
  static open(size: number, source: string, readAt: ReadAt): PagedRanges | null {
    let head = new Uint8Array(Math.min(size, 1 << 16));
    readAt(head, head.length, 0);
    // The header holds the places' names: read on until its line ends.
    while (head.indexOf(0x0a) < 0 && head.length < size) {
      head = new Uint8Array(Math.min(size, head.length * 2));
      readAt(head, head.length, 0);
    }
    const layout = rangesLayout(Buffer.from(head.buffer, 0, head.length), source);
    if (!layout || layout.length !== size) return null;
    const { wordsPerStart, count } = layout;
    const blocks = Math.ceil(count / RANGES_PER_BLOCK);
    const blockStarts = new Uint32Array(blocks * wordsPerStart);
    const perBlock = RANGES_PER_BLOCK * wordsPerStart;
    const chunk = new Uint32Array(perBlock * 1024);
    const chunkBytes = new Uint8Array(chunk.buffer);
    for (let first = 0; first < blocks; first += 1024) {
      const words = Math.min(chunk.length, count * wordsPerStart - first * perBlock);
      readAt(chunkBytes, words * 4, layout.startsAt + first * perBlock * 4);
      for (let b = first; b < Math.min(blocks, first + 1024); b++) {
        blockStarts.set(
          chunk.subarray((b - first) * perBlock, (b - first) * perBlock + wordsPerStart),
          b * wordsPerStart,
        );
      }
    }
    const indexes = new Uint32Array(layout.fineCount);
    const lows = new Uint32Array(layout.fineCount * 2);
    readAt(new Uint8Array(indexes.buffer), indexes.byteLength, layout.fineAt);
    readAt(new Uint8Array(lows.buffer), lows.byteLength, layout.fineAt + indexes.byteLength);
    return new PagedRanges(layout, blockStarts, { indexes, lows }, readAt);
  }

  /** `findPlace` on the file: the block from the first starts in memory, then the block read. */
  find(address: IpAddress): Place | null {
    const { layout, table } = this;
    if (address.version !== layout.version) return null;
    const words = wordsOf(address);
    const blocks = this.blockStarts.length / layout.wordsPerStart;
    const block = lastStartAtOrBefore(
      table,
      { starts: this.blockStarts, count: blocks, first: 0, stride: RANGES_PER_BLOCK },
      words,
    );
    if (block < 0) return null;
    const first = block * RANGES_PER_BLOCK;
    const ranges = Math.min(RANGES_PER_BLOCK, layout.count - first);
    const width = layout.wordsPerStart;
    this.readAt(this.startBytes, ranges * width * 4, layout.startsAt + first * width * 4);
    this.readAt(this.placeIdBytes, ranges * 2, layout.placesAt + first * 2);
    const found = lastStartAtOrBefore(table, { starts: this.starts, count: ranges, first, stride: 1 }, words);
    return layout.places[this.placeIds[found] as number] ?? null;
  }
}

/** Bytes for the cache file: a JSON header line, then the starts, the fine starts and the place ids. */
export function serializeRanges(ranges: GeoRanges, source: string): Buffer {
  const header = JSON.stringify({
    source,
    version: ranges.version,
    wordsPerStart: ranges.wordsPerStart,
    count: ranges.placeIds.length,
    fine: ranges.fine.indexes.length,
    places: ranges.places.slice(1),
  });
  // The 32-bit arrays begin on a 4-byte boundary so that they can be read in place.
  const headerBytes = Buffer.from(`${header}\n`);
  const padding = (4 - (headerBytes.length % 4)) % 4;
  const bytesOf = (array: Uint32Array | Uint16Array) =>
    Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  return Buffer.concat([
    headerBytes,
    Buffer.alloc(padding, 0x20),
    bytesOf(ranges.starts),
    bytesOf(ranges.fine.indexes),
    bytesOf(ranges.fine.lows),
    bytesOf(ranges.placeIds),
  ]);
}

/** A cache file's header line, what it says, and where each part of the table lies in the file. */
export interface RangesLayout {
  version: 4 | 6;
  wordsPerStart: 1 | 2;
  count: number;
  places: (Place | null)[];
  startsAt: number;
  /** The fine starts' indexes, then their low words (two each). */
  fineAt: number;
  fineCount: number;
  placesAt: number;
  /** The file's whole length. */
  length: number;
}

/**
 * The layout a cache file's first bytes describe (they must hold the header line), or null when
 * it was made from another source, or the header is damaged or unfinished.
 */
export function rangesLayout(head: Buffer, source: string): RangesLayout | null {
  const newline = head.indexOf(0x0a);
  if (newline < 0) return null;
  let header: {
    source: string;
    version: 4 | 6;
    wordsPerStart: 1 | 2;
    count: number;
    fine: number;
    places: Place[];
  };
  try {
    header = JSON.parse(head.subarray(0, newline).toString('utf8'));
  } catch {
    return null;
  }
  if (header.source !== source) return null;
  const { count, wordsPerStart, fine } = header;
  const startsAt = Math.ceil((newline + 1) / 4) * 4;
  const fineAt = startsAt + count * wordsPerStart * 4;
  const placesAt = fineAt + fine * 3 * 4;
  return {
    version: header.version,
    wordsPerStart,
    count,
    places: [null, ...header.places],
    startsAt,
    fineAt,
    fineCount: fine,
    placesAt,
    length: placesAt + count * 2,
  };
}
