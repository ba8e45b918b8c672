import { createHmac, hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { remembered } from '../../shared/bounded-memo.js';
import { DAY_MS } from '../../shared/clock.js';
import { formatIpAddress, type IpAddress, parseIpAddress } from '../rules/ip-address.js';
import type { ScanContext } from '../rules/rules.context.js';
import { type GeoLocation, type GeoLookup, sharedGeoLookup } from './scan-context.geo.js';
import {
  classifyUserAgent,
  type Languages,
  normalizeScanHost,
  parseAcceptLanguage,
  referrerHost,
  type UserAgentInfo,
} from './scan-context.parse.js';

export type { ScanContext } from '../rules/rules.context.js';

/**
 * Builds the ScanContext of one scan from the request's raw parts. User agents, language
 * headers and addresses repeat a lot, so each is parsed once and kept in a bounded LRU cache.
 * The raw address is used to match rules and to look up the country; what is stored is only
 * the daily-salted visitorHash.
 */

/** The cached value of a key, computed once while it stays in the cache. */
function getOrCompute<V extends {}>(cache: LRUCache<string, V>, key: string, compute: (key: string) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute(key);
    cache.set(key, value);
  }
  return value;
}

// User agents longer than this are classified but not cached (they are rare and often junk).
const MAX_CACHED_KEY = 1024;
const userAgents = new LRUCache<string, UserAgentInfo>({ max: 10_000 });
const acceptLanguages = new LRUCache<string, Languages>({ max: 2_000 });
const NO_LOCATION: GeoLocation = { country: null, region: null };
const locationCaches = new WeakMap<GeoLookup, LRUCache<string, GeoLocation>>();

function cached<V extends {}>(
  cache: LRUCache<string, V>,
  key: string | undefined,
  compute: (key: string | undefined) => V,
): V {
  if (key === undefined || key.length > MAX_CACHED_KEY) return compute(key);
  return getOrCompute(cache, key, compute);
}

/** Classifies a User-Agent once per distinct string. */
export function userAgentInfo(userAgent: string | undefined): UserAgentInfo {
  return cached(userAgents, userAgent, classifyUserAgent);
}

/** Country and region of an address (nothing when private, reserved or unknown), cached per lookup. */
export function locate(address: IpAddress | null, geo: GeoLookup = sharedGeoLookup()): GeoLocation {
  if (address === null) return NO_LOCATION;
  let cache = locationCaches.get(geo);
  if (!cache) {
    cache = new LRUCache<string, GeoLocation>({ max: 50_000 });
    locationCaches.set(geo, cache);
  }
  return getOrCompute(cache, formatIpAddress(address), () => geo.lookup(address) ?? NO_LOCATION);
}

/** The request's address as rules see it: a zone id dropped, IPv4-mapped IPv6 as IPv4. */
export function parseRequestIp(ip: string | undefined): IpAddress | null {
  if (!ip) return null;
  const percent = ip.indexOf('%');
  return parseIpAddress(percent === -1 ? ip : ip.slice(0, percent));
}

type HeaderValue = string | string[] | undefined;

function header(headers: Record<string, HeaderValue>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

type QueryInput = string | URLSearchParams | Record<string, unknown>;

function toSearchParams(url: string | undefined, query: QueryInput | undefined): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  if (typeof query === 'string') return new URLSearchParams(query);
  if (query) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'string') params.append(name, item);
      }
    }
    return params;
  }
  const question = url?.indexOf('?') ?? -1;
  return new URLSearchParams(question === -1 || url === undefined ? '' : url.slice(question + 1));
}

export interface ScanRequest {
  headers: Record<string, HeaderValue>;
  /** The client's address as the server sees it (after trusted proxies). */
  ip: string | undefined;
  /** The Host the request came in on (a port is dropped). */
  hostname: string;
  /** The request URL (path and query); its query is used unless `query` is given. */
  url?: string;
  query?: QueryInput;
  now: number;
  /** Counted scans of the code before this one (a function is only called when a rule needs it). */
  scansBefore?: number | (() => number);
}

export interface ScanContextOptions {
  /** The GeoIP lookup (the shared DB-IP one by default); null skips geolocation. */
  geo?: GeoLookup | null;
}

export function buildScanContext(request: ScanRequest, options: ScanContextOptions = {}): ScanContext {
  const ua = userAgentInfo(header(request.headers, 'user-agent'));
  const languages = cached(acceptLanguages, header(request.headers, 'accept-language'), parseAcceptLanguage);
  const ip = parseRequestIp(request.ip);
  const geo = options.geo === null ? NO_LOCATION : locate(ip, options.geo ?? sharedGeoLookup());
  return {
    now: request.now,
    hostname: normalizeScanHost(request.hostname),
    ip,
    device: ua.device,
    os: ua.os,
    browser: ua.browser,
    bot: ua.bot,
    languages: languages.languages,
    language: languages.language,
    country: geo.country,
    region: geo.region,
    referrerHost: referrerHost(header(request.headers, 'referer')),
    query: toSearchParams(request.url, request.query),
    scansBefore: request.scansBefore ?? 0,
  };
}

const salts = new Map<string, Buffer>();

/** The UTC calendar day of an instant, "2026-03-04". */
let lastDay = { index: Number.NaN, text: '' };

export function utcDay(epochMs: number): string {
  // Every scan asks; the answer changes once a day.
  const index = Math.floor(epochMs / DAY_MS);
  if (index !== lastDay.index) {
    lastDay = { index, text: new Date(index * DAY_MS).toISOString().slice(0, 10) };
  }
  return lastDay.text;
}

/**
 * The salt of a UTC day, derived from the server secret: the same all day on every instance,
 * and yesterday's cannot be recomputed without the secret, so hashes cannot be joined across days.
 */
export function dailySalt(secret: string, day: string): Buffer {
  return remembered(salts, 8, `${secret.length}:${secret}\n${day}`, () =>
    createHmac('sha256', secret).update(`rq-visitor-salt:${day}`).digest(),
  );
}

/**
 * The daily-salted visitor hash for unique counts: sha256(salt of the UTC day, address, user
 * agent), the first 22 base64url characters (131 bits). The address is normalised first (`::ffff:1.2.3.4` is `1.2.3.4`).
 */
export function visitorHash(
  secret: string,
  now: number,
  ip: IpAddress | string | undefined,
  userAgent: string | undefined,
): string {
  // The edge passes the address it already parsed for the scan context (one parse per scan).
  const address = typeof ip === 'object' ? ip : parseRequestIp(ip);
  const salt = dailySaltHex(secret, utcDay(now));
  // One-shot hashing of one string: this runs on every scan, and a Hash object costs more.
  const raw = typeof ip === 'string' ? ip : '';
  const text = `${salt}\n${address ? formatIpAddress(address) : raw}\n${userAgent ?? ''}`;
  return hash('sha256', text, 'base64url').slice(0, 22);
}

let lastSaltHex = { secret: '', day: '', hex: '' };

function dailySaltHex(secret: string, day: string): string {
  if (lastSaltHex.secret !== secret || lastSaltHex.day !== day) {
    lastSaltHex = { secret, day, hex: dailySalt(secret, day).toString('hex') };
  }
  return lastSaltHex.hex;
}
