import type { IpAddress } from './ip-address.js';
import type { BrowserName, DeviceType, OsName } from './rules.schemas.js';

/**
 * Everything a rule can look at, for one scan. The redirect edge builds it once per request
 * (modules/redirect/scan-context.ts) and every rule of the code is evaluated against it.
 */
export interface ScanContext {
  /** The scan's instant, epoch milliseconds. */
  now: number;
  /** The host the code was scanned on: lower case, no port, no trailing dot. */
  hostname: string;
  /** The scanner's address, parsed (IPv4-mapped IPv6 as IPv4). Only for matching, never stored. */
  ip: IpAddress | null;
  device: DeviceType;
  os: OsName | null;
  browser: BrowserName | null;
  bot: boolean;
  /** Accept-Language tags with q > 0, most preferred first, lower case ("de-ch"). */
  languages: readonly string[];
  /** The most preferred tag in canonical case ("de-CH"), for `{lang}` and analytics; null when none. */
  language: string | null;
  /** ISO 3166-1 alpha-2 (upper case) from the GeoIP database; null when unknown. */
  country: string | null;
  /** The region (state, province) where the database knows it. */
  region: string | null;
  /** The Referer header's host, lower case; null when absent or unparsable. */
  referrerHost: string | null;
  /** The scan URL's query parameters. */
  query: URLSearchParams;
  /**
   * Counted scans of the code before this one. A function is called only when a rule has a
   * `scans` condition, so the edge can skip looking the count up for codes that do not need it.
   */
  scansBefore: number | (() => number);
}
