import { isIP } from 'node:net';
import path from 'node:path';
import { PLAN_IDS, PLANS, type PlanId, RATE_LIMIT_WINDOW_MS } from './modules/plans/plans.js';
import { DEFAULT_GEO_CACHE_DIR } from './modules/redirect/scan-context.geo.js';
import { isLoopbackAddress, parseAllowEntry } from './shared/address-policy.js';
import { shortLinkHost } from './shared/host-name.js';

/**
 * The whole configuration, read once from the environment and validated at start.
 * A bad value stops the process with one line naming the variable and what it accepts.
 */
export interface Config {
  port: number;
  host: string;
  /** Where the site and API are reached from outside, e.g. https://rq.example.com */
  publicUrl: string;
  /** Base of the API, `${publicUrl}/api`; routes live under `${apiBase}/v1`. */
  apiBase: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  dataDir: string;
  /** postgres://... to use PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prepended to every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Days of raw scans kept for export (null: forever); the analytics rollups are kept forever. */
  scanRetentionDays: number | null;
  /** Days the audit log keeps an event (EVENT_RETENTION_DAYS, default 400); older ones are deleted hourly. */
  eventRetentionDays: number;
  /** Where the GeoIP range tables are cached (GEO_CACHE_DIR), shared by the machine's instances. */
  geoCacheDir: string;
  /**
   * Codes the redirect edge keeps in memory (EDGE_CACHE_CODES, default 20,000): the most recently
   * scanned; any other is read from the database (docs/adr/2026-11-26-cold-code-read.md).
   */
  edgeCacheCodes: number;
  /**
   * Keep every code as the edge reads it in a file of the process in the data folder
   * (EDGE_CODE_FILE, default true; about 250 bytes of disk a code, held by the operating system's
   * page cache), so a code the memory cache misses is read in a few µs (edge-code-file.ts).
   */
  edgeCodeFile: boolean;
  /**
   * fdatasync the scans' journal before answering (SCAN_JOURNAL_SYNC, default false; on SQLite only
   * the groups journaled while another writer holds the scans' file):
   * an answered scan then survives a power loss, not only a killed process, with about a fifth
   * fewer scans a second (docs/adr/2026-11-22-scans-group-commit.md, "The journal's sync").
   */
  scanJournalSync: boolean;
  /**
   * Threads that run heavy admin requests (bulk, import, export, print, images) at the lowest CPU
   * priority, off the thread that answers scans (JOB_THREADS, default 2; 0 runs them, and the
   * writes thread's single-code writes, on it).
   */
  jobThreads: number;
  /**
   * How long job threads stay idle before they end (JOB_THREAD_IDLE_SECONDS, default 60): a heavy
   * job's thread, then the writes thread, whose writes and background loops the server takes back.
   */
  jobThreadIdleSeconds: number;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  trustProxy: boolean;
  /** Folder with the site's production build, served at /. */
  webDir: string;
  /** Optional dedicated short host (e.g. https://rq.link): codes on it encode `${shortUrl}/{slug}`. */
  shortUrl: string | undefined;
  firebase: {
    projectId: string;
    /** Web API key and auth domain for the site's Firebase SDK; unused with the emulator. */
    apiKey: string;
    authDomain: string;
    /** host:port of the Firebase Auth emulator; set means tokens come from the emulator. */
    emulatorHost: string | undefined;
  };
  marketplace: {
    /** The marketplace proxy secret (X-RapidAPI-Proxy-Secret); unset disables marketplace access. */
    proxySecret: string | undefined;
    /** The public marketplace page for API pricing, linked from the site's footer. */
    url: string;
  };
  paypal: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a local stand-in in tests. */
    apiBase: string;
    webhookId: string | undefined;
    /** PayPal plan ids per plan id of plans.ts. */
    planIds: Record<'hostnames' | 'basic' | 'pro' | 'ultra' | 'mega', string | undefined>;
    /** PAYPAL_SDK_BASE: where the site loads PayPal's JS SDK from (the stand-in's /sdk/js in e2e). */
    sdkBase: string;
  };
  billing: {
    /**
     * DEFAULT_PLAN: the plan every account holds without paying. Unset: free when PayPal is
     * configured, and no limits at all on an instance without PayPal.
     */
    defaultPlan: PlanId | undefined;
  };
  /** API budgets a minute (rate-limit plugin); plans with a higher rate raise `api`. */
  rateLimits: {
    /**
     * API_RATE_LIMIT: requests a minute per API key of an account on no paid plan. Default: the
     * free plan's 60 on a server that sells plans (PayPal or DEFAULT_PLAN), else 600.
     */
    api: number;
    /**
     * SESSION_RATE_LIMIT: requests a minute per account from signed-in sessions (the site), at
     * least the account's API key rate. Default 1200: more than a person clicking can send.
     */
    session: number;
    /**
     * RATE_LIMIT_WINDOW_MS: the window the API and session budgets are counted over, in ms (default
     * 60000: the rates are "a minute"). Shorter for tests that need a 429 to pass quickly.
     */
    windowMs: number;
  };
  /** CODES_LIMIT: codes a workspace may hold on this server, whatever its plans; unset: no limit. */
  codesLimit: number | undefined;
  /** Google Analytics measurement id; page views go to window.dataLayer either way. */
  analyticsId: string | undefined;
  /**
   * Hosts and networks that server-side fetches of user-given URLs (exec calls, logos) may reach
   * although they are not public: host names, `*.suffix`, IPs or CIDRs. Empty by default.
   */
  ssrfAllow: string[];
  /**
   * Origins whose pages may call the API from a browser (CORS), e.g. https://app.example.com;
   * `['*']` allows every origin. Empty: only the site itself (same origin) calls it.
   */
  corsOrigins: string[];
  /** A bearer token that opens /metrics from anywhere; without it /metrics answers loopback only. */
  metricsToken: string | undefined;
  /**
   * Whether sign-in may run on the Auth emulator (unsigned tokens: anyone can be anyone) although
   * HOST is not a loopback address. Off: such a configuration refuses to start.
   */
  allowEmulatorAuthOnPublicHost: boolean;
  /**
   * Who runs this server, as the site's contact, legal and privacy pages name them. Unset: the
   * pages speak of "the operator of this server" and say that no address was published.
   */
  operator: {
    name: string | undefined;
    /** OPERATOR_EMAIL: support, sales and legal questions. */
    email: string | undefined;
    /** OPERATOR_PRIVACY_EMAIL: data requests; defaults to OPERATOR_EMAIL. */
    privacyEmail: string | undefined;
    /** OPERATOR_SECURITY_EMAIL: vulnerability reports; defaults to OPERATOR_EMAIL. */
    securityEmail: string | undefined;
  };
  mail: {
    /**
     * SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465;
     * set means invitations are also e-mailed. Unset: no mail; the site shows the link to copy.
     */
    smtpUrl: string | undefined;
    /** MAIL_FROM: the sender, `name@example.com` or `RQ Codes <name@example.com>`. */
    from: string;
  };
  /** Webhook delivery (the webhooks module); every setting but the concurrency is for tests to compress. */
  webhooks: {
    /**
     * WEBHOOK_RETRY_SCHEDULE: comma-separated delays in ms between attempts, after the first (default
     * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); a delivery that fails them all is failed.
     */
    retryScheduleMs: number[];
    /** WEBHOOK_TIMEOUT_MS: how long one attempt may take, answer included (default 15 s). */
    timeoutMs: number;
    /** WEBHOOK_DISABLE_AFTER_MS: failing this long without a success disables the endpoint (default 5 days). */
    disableAfterMs: number;
    /** WEBHOOK_SECRET_OVERLAP_MS: how long a rotated-out secret still signs beside the new one (default 24 h). */
    secretOverlapMs: number;
    /**
     * WEBHOOK_WORKER: whether this instance sends deliveries (default true). Off, it only writes the
     * outbox and other instances send.
     */
    worker: boolean;
    /** WEBHOOK_POLL_MS: how often each instance looks for due deliveries (default 1 s). */
    pollMs: number;
    /** WEBHOOK_CONCURRENCY: attempts one instance makes at once, all endpoints together (default 32). */
    concurrency: number;
    /** WEBHOOK_ENDPOINT_CONCURRENCY: attempts one instance makes at once to one endpoint (default 4). */
    endpointConcurrency: number;
    /** WEBHOOK_DELIVERY_RETENTION_DAYS: days a finished delivery stays in the log (default 30). */
    deliveryRetentionDays: number;
  };
  hostnames: {
    /** Where customers point their hostnames' CNAME records (EDGE_HOSTNAME). */
    edgeHostname: string;
    /**
     * Whether customers can point a name at edgeHostname: EDGE_HOSTNAME is set, or the host it
     * defaults to is a public DNS name (not `localhost`, an IP address or a one-label name).
     */
    edgeReady: boolean;
    /** EDGE_ADDRESSES: the edge's IPs, which A/AAAA records of an apex name (no CNAME there) may hold. */
    edgeAddresses: string[];
    /** `host:port` of the DNS server that verification asks; unset: the system resolver. */
    dnsResolver: string | undefined;
    /** The CA whose CAA `issue` tag a hostname must allow (TLS_CA_DOMAIN). */
    tlsCaDomain: string;
    /** HOSTNAMES_LIMIT: hostnames per account while billing is not configured; unset: no limit. */
    limitWithoutBilling: number | undefined;
    /**
     * TLS_ASK_FROM: IPs or CIDRs besides loopback that may ask /internal/tls/allow (a TLS proxy
     * on another machine). Everyone else gets a 404 there.
     */
    tlsAskFrom: string[];
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly accepts: string,
    readonly got: string,
  ) {
    super(`Invalid configuration: ${variable} must be ${accepts} (got ${JSON.stringify(got)})`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(name, `an integer from ${min} to ${max}`, raw);
  }
  return value;
}

/** SCAN_RETENTION_DAYS: whole days of raw scans to keep (default 90), or `forever`. */
export function scanRetentionDays(env: Env): number | null {
  const raw = read(env, 'SCAN_RETENTION_DAYS');
  if (raw === 'forever') return null;
  if (raw !== undefined && !/^\d+$/.test(raw)) {
    throw new ConfigError('SCAN_RETENTION_DAYS', 'a whole number of days from 1 to 36500, or forever', raw);
  }
  return integer(env, 'SCAN_RETENTION_DAYS', 90, 1, 36_500);
}

export function oneOf<T extends string>(env: Env, name: string, fallback: T, choices: readonly T[]): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `one of ${choices.join(', ')}`, raw);
  }
  return raw as T;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, 'true or false', raw);
}

export function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `a URL (${protocols.join(' or ')})`, raw);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(name, `a URL (${protocols.join(' or ')})`, raw);
  }
  return raw.replace(/\/+$/, '');
}

export function string(env: Env, name: string): string | undefined {
  return read(env, name);
}

/**
 * Without a Firebase project the product runs on the Auth emulator (project demo-rq), which
 * `npm start` launches; with FIREBASE_PROJECT_ID set, tokens are checked against Google's keys.
 */
function firebaseConfig(env: Env): Config['firebase'] {
  const projectId = read(env, 'FIREBASE_PROJECT_ID');
  const emulatorHost = read(env, 'FIREBASE_AUTH_EMULATOR_HOST');
  if (emulatorHost !== undefined && !/^[\w.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST', 'host:port', emulatorHost);
  }
  return {
    projectId: projectId ?? 'demo-rq',
    apiKey: read(env, 'FIREBASE_API_KEY') ?? 'demo-api-key',
    authDomain: read(env, 'FIREBASE_AUTH_DOMAIN') ?? `${projectId ?? 'demo-rq'}.firebaseapp.com`,
    emulatorHost: emulatorHost ?? (projectId ? undefined : '127.0.0.1:9099'),
  };
}

/** SSRF_ALLOW: a comma-separated list; each entry must be a host name, `*.suffix`, IP or CIDR. */
function ssrfAllow(env: Env): string[] {
  const raw = read(env, 'SSRF_ALLOW');
  if (raw === undefined) return [];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!parseAllowEntry(entry)) {
      throw new ConfigError('SSRF_ALLOW', 'comma-separated host names, *.suffixes, IPs or CIDRs', entry);
    }
  }
  return entries;
}

/** CORS_ORIGINS: `*`, or a comma-separated list of origins (scheme, host and port, no path). */
function corsOrigins(env: Env): string[] {
  const raw = read(env, 'CORS_ORIGINS');
  if (raw === undefined) return [];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter((entry) => entry !== '');
  if (entries.length === 1 && entries[0] === '*') return ['*'];
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== entry || !/^https?:/.test(entry)) {
      throw new ConfigError(
        'CORS_ORIGINS',
        '* or comma-separated origins like https://app.example.com',
        entry,
      );
    }
  }
  return entries;
}

function metricsToken(env: Env): string | undefined {
  const token = read(env, 'METRICS_TOKEN');
  if (token !== undefined && !/^[\x21-\x7e]{16,}$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN', 'at least 16 visible ASCII characters', token.replace(/./g, '*'));
  }
  return token;
}

/** Whether HOST binds only this machine: `localhost` or a loopback address (127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/**
 * The Auth emulator issues unsigned tokens for any user, so a server that trusts it must not be
 * reachable from other machines unless the operator says so in as many words.
 */
function refuseEmulatorOnPublicHost(host: string, firebase: Config['firebase'], allowed: boolean): void {
  if (!firebase.emulatorHost || allowed || isLoopbackHost(host)) return;
  throw new ConfigError(
    'HOST',
    `a loopback address (localhost, 127.0.0.1, ::1) while sign-in trusts the Firebase Auth emulator (${firebase.emulatorHost}), whose tokens are unsigned; set FIREBASE_PROJECT_ID for real sign-in, or ALLOW_EMULATOR_AUTH_ON_PUBLIC_HOST=true to accept that`,
    host,
  );
}

const DNS_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

function dnsName(env: Env, name: string, fallback: string): string {
  const raw = read(env, name)?.toLowerCase().replace(/\.$/, '');
  if (raw === undefined) return fallback;
  // A CNAME points at a name, never at an address: a numeric last label is an IP address.
  if (!DNS_NAME.test(raw) || /\.\d+$/.test(raw))
    throw new ConfigError(name, 'a DNS name with at least two labels', raw);
  return raw;
}

/** `host:port` (or `[v6]:port`, or a bare address for port 53) of a DNS server. */
function dnsResolver(env: Env): string | undefined {
  const raw = read(env, 'DNS_RESOLVER');
  if (raw === undefined) return undefined;
  const match = /^(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/i.exec(raw);
  const port = match?.[3] === undefined ? 53 : Number(match[3]);
  if (!match || !isIP(match[1] ?? match[2] ?? '') || port < 1 || port > 65535) {
    throw new ConfigError(
      'DNS_RESOLVER',
      'an IP address with an optional port (127.0.0.1:5353, [::1]:53)',
      raw,
    );
  }
  return raw;
}

function edgeAddresses(env: Env): string[] {
  const raw = read(env, 'EDGE_ADDRESSES');
  if (raw === undefined) return [];
  const addresses = raw.split(',').map((entry) => entry.trim());
  const bad = addresses.find((address) => !isIP(address));
  if (bad !== undefined) throw new ConfigError('EDGE_ADDRESSES', 'comma-separated IP addresses', bad);
  return addresses;
}

function tlsAskFrom(env: Env): string[] {
  const raw = read(env, 'TLS_ASK_FROM');
  if (raw === undefined) return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => parseAllowEntry(entry)?.kind !== 'net');
  if (bad !== undefined) throw new ConfigError('TLS_ASK_FROM', 'comma-separated IP addresses or CIDRs', bad);
  return entries;
}

/** A name a CNAME record can point at from the public DNS (`localhost` and `10.0.0.1` are not). */
export function isPublicDnsName(name: string): boolean {
  return DNS_NAME.test(name) && !/\.\d+$/.test(name) && !/(^|\.)localhost$/.test(name);
}

function hostnamesConfig(env: Env, publicUrl: string, shortUrl: string | undefined): Config['hostnames'] {
  const limit = read(env, 'HOSTNAMES_LIMIT');
  // By default hostnames point where the short URLs live: the short host, else the primary host.
  const edgeHostname = dnsName(env, 'EDGE_HOSTNAME', shortLinkHost({ publicUrl, shortUrl }));
  return {
    edgeHostname,
    edgeReady: read(env, 'EDGE_HOSTNAME') !== undefined || isPublicDnsName(edgeHostname),
    edgeAddresses: edgeAddresses(env),
    dnsResolver: dnsResolver(env),
    tlsCaDomain: dnsName(env, 'TLS_CA_DOMAIN', 'letsencrypt.org'),
    limitWithoutBilling: limit === undefined ? undefined : integer(env, 'HOSTNAMES_LIMIT', 0, 0, 1_000_000),
    tlsAskFrom: tlsAskFrom(env),
  };
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

function email(env: Env, name: string): string | undefined {
  const raw = read(env, name);
  if (raw !== undefined && !EMAIL.test(raw)) throw new ConfigError(name, 'an e-mail address', raw);
  return raw;
}

const MAILBOX = /^(?:[^<>\n]*<[^\s@<>"]+@[^\s@<>"]+>|[^\s@<>"]+@[^\s@<>"]+)$/;

function mailConfig(env: Env, publicUrl: string): Config['mail'] {
  const from = read(env, 'MAIL_FROM');
  if (from !== undefined && !MAILBOX.test(from)) {
    throw new ConfigError('MAIL_FROM', 'an e-mail address or "Name <address>"', from);
  }
  return {
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    from: from ?? `RQ Codes <no-reply@${new URL(publicUrl).hostname}>`,
  };
}

function operatorConfig(env: Env): Config['operator'] {
  const general = email(env, 'OPERATOR_EMAIL');
  return {
    name: read(env, 'OPERATOR_NAME'),
    email: general,
    privacyEmail: email(env, 'OPERATOR_PRIVACY_EMAIL') ?? general,
    securityEmail: email(env, 'OPERATOR_SECURITY_EMAIL') ?? general,
  };
}

export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

function retrySchedule(env: Env): number[] {
  const raw = read(env, 'WEBHOOK_RETRY_SCHEDULE');
  if (raw === undefined) return DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS;
  const delays = raw.split(',').map((entry) => entry.trim());
  if (delays.length > 20 || delays.some((delay) => !/^\d{1,9}$/.test(delay))) {
    throw new ConfigError('WEBHOOK_RETRY_SCHEDULE', 'up to 20 comma-separated delays in ms', raw);
  }
  return delays.map(Number);
}

function webhooksConfig(env: Env): Config['webhooks'] {
  return {
    retryScheduleMs: retrySchedule(env),
    timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 100, 120_000),
    disableAfterMs: integer(env, 'WEBHOOK_DISABLE_AFTER_MS', 5 * 86_400_000, 0, 365 * 86_400_000),
    secretOverlapMs: integer(env, 'WEBHOOK_SECRET_OVERLAP_MS', 86_400_000, 0, 30 * 86_400_000),
    worker: boolean(env, 'WEBHOOK_WORKER', true),
    pollMs: integer(env, 'WEBHOOK_POLL_MS', 1_000, 10, 60_000),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 32, 1, 1_000),
    endpointConcurrency: integer(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', 4, 1, 100),
    deliveryRetentionDays: integer(env, 'WEBHOOK_DELIVERY_RETENTION_DAYS', 30, 1, 3_650),
  };
}

/** API_RATE_LIMIT without a value, on a server that sets no limits (no PayPal, no DEFAULT_PLAN). */
export const API_RATE_LIMIT_WITHOUT_BILLING = 600;
export const SESSION_RATE_LIMIT_DEFAULT = 1200;

function rateLimits(env: Env, sellsPlans: boolean): Config['rateLimits'] {
  const apiDefault = sellsPlans ? PLANS.free.apiRequestsPerMinute : API_RATE_LIMIT_WITHOUT_BILLING;
  return {
    api: integer(env, 'API_RATE_LIMIT', apiDefault, 1, 1_000_000),
    session: integer(env, 'SESSION_RATE_LIMIT', SESSION_RATE_LIMIT_DEFAULT, 1, 1_000_000),
    windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', RATE_LIMIT_WINDOW_MS, 1000, 3_600_000),
  };
}

/**
 * About 300 bytes of heap a cached code (more with rules); a code not cached costs a read of a
 * few µs (docs/adr/2026-11-26-cold-code-read.md), so the cache holds what is scanned again soon.
 */
export const EDGE_CACHE_CODES_DEFAULT = 20_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = read(env, 'HOST') ?? 'localhost';
  const publicUrl = url(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`;
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  const firebase = firebaseConfig(env);
  const allowEmulatorAuthOnPublicHost = boolean(env, 'ALLOW_EMULATOR_AUTH_ON_PUBLIC_HOST', false);
  refuseEmulatorOnPublicHost(host, firebase, allowEmulatorAuthOnPublicHost);
  const defaultPlan =
    read(env, 'DEFAULT_PLAN') === undefined ? undefined : oneOf(env, 'DEFAULT_PLAN', 'free', PLAN_IDS);
  // The billing module sells through PayPal when both its client id and secret are set.
  const sellsPlans =
    defaultPlan !== undefined ||
    (read(env, 'PAYPAL_CLIENT_ID') !== undefined && read(env, 'PAYPAL_CLIENT_SECRET') !== undefined);
  return {
    port,
    host,
    publicUrl,
    apiBase: `${publicUrl}/api`,
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', LOG_LEVELS),
    dataDir: path.resolve(read(env, 'DATA_DIR') ?? path.join(repoRoot, 'data')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    redisKeyPrefix: read(env, 'REDIS_KEY_PREFIX') ?? 'rq:',
    scanRetentionDays: scanRetentionDays(env),
    eventRetentionDays: integer(env, 'EVENT_RETENTION_DAYS', 400, 1, 36_500),
    geoCacheDir: path.resolve(read(env, 'GEO_CACHE_DIR') ?? DEFAULT_GEO_CACHE_DIR),
    edgeCacheCodes: integer(env, 'EDGE_CACHE_CODES', EDGE_CACHE_CODES_DEFAULT, 1, 10_000_000),
    edgeCodeFile: boolean(env, 'EDGE_CODE_FILE', true),
    scanJournalSync: boolean(env, 'SCAN_JOURNAL_SYNC', false),
    jobThreads: integer(env, 'JOB_THREADS', 2, 0, 64),
    jobThreadIdleSeconds: integer(env, 'JOB_THREAD_IDLE_SECONDS', 60, 1, 86_400),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    webDir: path.resolve(read(env, 'WEB_DIR') ?? path.join(repoRoot, 'web/build')),
    shortUrl: url(env, 'SHORT_URL', ['http', 'https']),
    firebase,
    marketplace: {
      proxySecret: read(env, 'MARKETPLACE_PROXY_SECRET'),
      url: url(env, 'MARKETPLACE_URL', ['http', 'https']) ?? 'https://rapidapi.com/rq-codes/api/rq-codes',
    },
    paypal: {
      clientId: read(env, 'PAYPAL_CLIENT_ID'),
      clientSecret: read(env, 'PAYPAL_CLIENT_SECRET'),
      apiBase: url(env, 'PAYPAL_API_BASE', ['http', 'https']) ?? 'https://api-m.sandbox.paypal.com',
      webhookId: read(env, 'PAYPAL_WEBHOOK_ID'),
      planIds: {
        hostnames: read(env, 'PAYPAL_PLAN_HOSTNAMES'),
        basic: read(env, 'PAYPAL_PLAN_BASIC'),
        pro: read(env, 'PAYPAL_PLAN_PRO'),
        ultra: read(env, 'PAYPAL_PLAN_ULTRA'),
        mega: read(env, 'PAYPAL_PLAN_MEGA'),
      },
      sdkBase: url(env, 'PAYPAL_SDK_BASE', ['http', 'https']) ?? 'https://www.paypal.com/sdk/js',
    },
    billing: { defaultPlan },
    rateLimits: rateLimits(env, sellsPlans),
    codesLimit:
      read(env, 'CODES_LIMIT') === undefined ? undefined : integer(env, 'CODES_LIMIT', 0, 0, 100_000_000),
    analyticsId: read(env, 'GA_MEASUREMENT_ID'),
    ssrfAllow: ssrfAllow(env),
    corsOrigins: corsOrigins(env),
    metricsToken: metricsToken(env),
    allowEmulatorAuthOnPublicHost,
    operator: operatorConfig(env),
    mail: mailConfig(env, publicUrl),
    hostnames: hostnamesConfig(env, publicUrl, url(env, 'SHORT_URL', ['http', 'https'])),
    webhooks: webhooksConfig(env),
  };
}
