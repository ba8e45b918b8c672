import { describe, expect, it } from 'vitest';
import { parseIpAddress } from '../rules/ip-address.js';
import {
  findPlace,
  GeoRangesBuilder,
  PagedRanges,
  type Place,
  RANGES_PER_BLOCK,
  serializeRanges,
} from './geo-ranges.js';

const address = (text: string) => {
  const parsed = parseIpAddress(text);
  if (!parsed) throw new Error(text);
  return parsed;
};
const v4 = (text: string) => (address(text) as { value: number }).value;
/** Reads of a cache file's bytes, as the lookup makes them of the file (positions noted in `reads`). */
const readerOf =
  (bytes: Buffer, reads: number[] = []) =>
  (into: Uint8Array, length: number, position: number) => {
    reads.push(position);
    if (position + length > bytes.length) throw new Error('past the end');
    into.set(bytes.subarray(position, position + length));
  };
/** The table read back from its cache file's bytes, a block at a time. */
const readBack = (bytes: Buffer, source: string) => PagedRanges.open(bytes.length, source, readerOf(bytes));
const DE = { country: 'DE', region: 'Berlin' };
const FR = { country: 'FR', region: null };

describe('GeoIP range tables', () => {
  const builder = new GeoRangesBuilder(4);
  builder.add([0], 0);
  builder.add([v4('1.0.0.0')], builder.placeId(DE));
  builder.add([v4('1.0.1.0')], builder.placeId({ ...DE })); // the same place: merged into the range before
  builder.add([v4('2.0.0.0')], builder.placeId(FR));
  builder.add([v4('3.0.0.0')], 0);
  const table = builder.build();

  it('merges neighbouring ranges of one place and finds the range holding an address', () => {
    expect(table.placeIds.length).toBe(4);
    expect(findPlace(table, address('0.255.255.255'))).toBeNull();
    expect(findPlace(table, address('1.0.0.0'))).toEqual(DE);
    expect(findPlace(table, address('1.0.200.7'))).toEqual(DE);
    expect(findPlace(table, address('1.255.255.255'))).toEqual(DE);
    expect(findPlace(table, address('2.0.0.0'))).toEqual(FR);
    expect(findPlace(table, address('255.255.255.255'))).toBeNull();
    expect(findPlace(table, address('2001:db8::1'))).toBeNull(); // another family's table
  });

  it('keeps IPv6 starts in two words, and the low words of the few that start inside a /64 aside', () => {
    const v6 = new GeoRangesBuilder(6);
    v6.add([0, 0, 0, 0], 0);
    v6.add([0x2a020000, 0, 0, 0], v6.placeId(DE));
    v6.add([0x2a020000, 0, 0x80000000, 0], v6.placeId(FR));
    v6.add([0x2a020000, 0, 0x80000000, 0x100], 0);
    v6.add([0x2a020000, 1, 0, 0], v6.placeId(FR));
    v6.add([0x2a030000, 0, 0, 0], 0);
    const table = v6.build();
    expect(table.wordsPerStart).toBe(2);
    expect(table.starts.length).toBe(2 * 6);
    expect([...table.fine.indexes]).toEqual([2, 3]);
    const expected: [string, Place | null][] = [
      ['::1', null],
      ['2a02::1', DE],
      ['2a02::7fff:ffff:ffff:ffff', DE],
      ['2a02::8000:0:0:0', FR],
      ['2a02::8000:0:0:ff', FR],
      ['2a02::8000:0:0:100', null],
      ['2a02::ffff:ffff:ffff:ffff', null],
      ['2a02:0:0:1::', FR],
      ['2a02:0:0:1:ffff::1', FR],
      ['2a03::1', null],
    ];
    const read = readBack(serializeRanges(table, 'dbip 6'), 'dbip 6');
    for (const [text, place] of expected) {
      expect(findPlace(table, address(text)), text).toEqual(place);
      expect(read?.find(address(text)), `${text}, read back`).toEqual(place);
    }
  });

  it('reads back what it wrote, and refuses bytes made from another source', () => {
    const bytes = serializeRanges(table, 'dbip 1');
    const read = readBack(bytes, 'dbip 1');
    expect(read?.find(address('1.0.200.7'))).toEqual(DE);
    expect(read?.find(address('2.1.1.1'))).toEqual(FR);
    expect(readBack(bytes, 'dbip 2')).toBeNull();
    expect(readBack(bytes.subarray(0, bytes.length - 1), 'dbip 1')).toBeNull();
  });

  it('finds in a paged table, reading one block of the file at a time, what the whole table finds', () => {
    // Ranges over several blocks, the last one partial, IPv6 with starts inside a /64 in them.
    const v6 = new GeoRangesBuilder(6);
    v6.add([0, 0, 0, 0], 0);
    const places = [DE, FR, { country: 'IN', region: 'Kerala' }];
    const count = RANGES_PER_BLOCK * 3 + 17;
    for (let i = 1; i < count; i++) {
      const fine = i % 97 === 0 ? [0x40000000, i] : [0, 0];
      v6.add([0x20010000 + i, i % 5, ...fine], i % 4 === 0 ? 0 : v6.placeId(places[i % 3] as Place));
    }
    const table = v6.build();
    const bytes = serializeRanges(table, 'dbip paged');
    const reads: number[] = [];
    const readAt = readerOf(bytes, reads);
    expect(PagedRanges.open(bytes.length, 'another source', readAt)).toBeNull();
    expect(PagedRanges.open(bytes.length - 2, 'dbip paged', readAt)).toBeNull();
    const paged = PagedRanges.open(bytes.length, 'dbip paged', readAt);
    if (!paged) throw new Error('opened');
    reads.length = 0;
    const probes = [
      '::1',
      '2001:1::',
      '2001:2:0:0:4000::2',
      '2001:61:1:0:4000::',
      '2001:61:1:0:4000:0:0:61',
      '2001:301:1::',
      '2001:310:4::',
      'ffff::1',
    ];
    for (let i = 1; i < count; i += 13) probes.push(`2001:${i.toString(16)}:0:${i % 5}::7`);
    const found = probes.map((text) => {
      const place = paged.find(address(text));
      expect(place, text).toEqual(findPlace(table, address(text)));
      return place;
    });
    expect(found.filter((place) => place !== null).length).toBeGreaterThan(probes.length / 2);
    expect(paged.find(address('1.2.3.4'))).toBeNull(); // another family's table
    // Two reads a lookup: the block's starts and its place ids.
    expect(reads.length).toBe(2 * probes.length);
  });
});
