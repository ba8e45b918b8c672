import { Reader, type Response } from 'maxmind';
import { type GeoRanges, GeoRangesBuilder, type Place } from './geo-ranges.js';

/** The record shape of the dbip-city mmdb files (only what scans keep). */
interface DbIpCityRecord {
  country_code?: string;
  state1?: string;
}

/** What scans keep of a record: a two-letter country and the first-level region. */
export function placeOf(record: DbIpCityRecord | null): Place | null {
  if (!record) return null;
  const country = record.country_code && /^[A-Z]{2}$/.test(record.country_code) ? record.country_code : null;
  const region = record.state1 ? record.state1 : null;
  return country === null && region === null ? null : { country, region };
}

/**
 * Every range of an mmdb file (MaxMind DB format 2), found by walking its binary search tree
 * depth first, left before right, so ranges come in address order. A tree record below the
 * node count is another node, equal to it is "no data", above it points into the data section;
 * each distinct pointer is decoded once (a file has far fewer records than ranges).
 */
export function rangesOfMmdb(file: Buffer): GeoRanges {
  const reader = new Reader<Response>(file);
  const { nodeCount, recordSize, ipVersion } = reader.metadata;
  if (ipVersion !== 4 && ipVersion !== 6) throw new Error(`mmdb ip version ${ipVersion}`);
  const bits = ipVersion === 4 ? 32 : 128;
  const readRecord = recordReader(file, recordSize);
  const nodeBytes = recordSize / 4;
  const builder = new GeoRangesBuilder(ipVersion);
  const words = ipVersion === 4 ? [0] : [0, 0, 0, 0];
  const placeIdOfPointer = new Map<number, number>();

  const placeIdAt = (record: number): number => {
    if (record === nodeCount) return 0;
    let id = placeIdOfPointer.get(record);
    if (id === undefined) {
      // The reader decodes the record at this range's first address, the one we stand on.
      id = builder.placeId(placeOf(reader.get(formatWords(words)) as DbIpCityRecord | null));
      placeIdOfPointer.set(record, id);
    }
    return id;
  };

  const walk = (node: number, depth: number): void => {
    const word = depth >> 5;
    const bit = 1 << (31 - (depth & 31));
    for (let right = 0; right < 2; right++) {
      if (right) words[word] = ((words[word] as number) | bit) >>> 0;
      const record = readRecord(node * nodeBytes, right === 1);
      if (record < nodeCount && depth + 1 < bits) walk(record, depth + 1);
      else builder.add(words, record < nodeCount ? 0 : placeIdAt(record));
      if (right) words[word] = ((words[word] as number) & ~bit) >>> 0;
    }
  };
  walk(0, 0);
  return builder.build();
}

function recordReader(file: Buffer, recordSize: number): (offset: number, right: boolean) => number {
  switch (recordSize) {
    case 24:
      return (offset, right) => file.readUIntBE(offset + (right ? 3 : 0), 3);
    case 28:
      return (offset, right) =>
        right
          ? (((file[offset + 3] as number) & 0x0f) << 24) | file.readUIntBE(offset + 4, 3)
          : (((file[offset + 3] as number) & 0xf0) << 20) | file.readUIntBE(offset, 3);
    case 32:
      return (offset, right) => file.readUInt32BE(offset + (right ? 4 : 0));
    default:
      throw new Error(`mmdb record size ${recordSize}`);
  }
}

/** An address in the text form the reader takes. */
function formatWords(words: readonly number[]): string {
  if (words.length === 1) {
    const value = words[0] as number;
    return [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
  }
  return words.flatMap((word) => [(word >>> 16).toString(16), (word & 0xffff).toString(16)]).join(':');
}
