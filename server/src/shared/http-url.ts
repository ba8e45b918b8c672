/**
 * Absolute http(s) URLs as we store them: checked once and kept in their WHATWG serialisation
 * (punycode host, percent-encoded path, query and fragment), so every URL the edge later sends
 * in a `Location` header is plain ASCII. Pure: no I/O.
 */

export const URL_MAX_LENGTH = 2048;

export type HttpUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** Tells whether a URL is one of our own short URLs (a redirect there would loop). */
export type OwnShortUrlTest = (url: URL) => boolean;

export interface HttpUrlOptions {
  /** Refuse our own short URLs: a code or rule that redirects to one loops. */
  isOwnShortUrl?: OwnShortUrlTest;
}

/** The URL as stored, or why it is refused. */
export function normalizeHttpUrl(value: string, options: HttpUrlOptions = {}): HttpUrlCheck {
  if (value.length > URL_MAX_LENGTH) return refuse(`must be at most ${URL_MAX_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return refuse('must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return refuse('must be an http(s) URL');
  if (parsed.hostname === '') return refuse('must name a host');
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('may not carry a user name or password (user:pass@)');
  }
  if (options.isOwnShortUrl?.(parsed)) {
    return refuse('is one of our own short URLs: redirecting there would loop');
  }
  // Normalising can lengthen a URL (each non-ASCII character becomes up to 12 ASCII ones).
  if (parsed.href.length > URL_MAX_LENGTH) {
    return refuse(`must be at most ${URL_MAX_LENGTH} characters once percent-encoded`);
  }
  return { ok: true, url: parsed.href };
}

function refuse(message: string): HttpUrlCheck {
  return { ok: false, message };
}

/** What names and ports reach this server, besides its public URL and short URL. */
export interface OwnAddresses {
  /** Host names and IP addresses of this machine (its interfaces, `localhost`, its host name). */
  hosts: readonly string[];
  /** Ports the server listens on (PORT), besides the URLs' own and the default 80 and 443. */
  ports: readonly number[];
}

/** A host as compared here: lower case, no trailing dot, IPv6 without brackets, IPv4-mapped as IPv4. */
function comparableHost(hostname: string): string {
  const bare = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (!mapped) return bare;
  const high = Number.parseInt(mapped[1] as string, 16);
  const low = Number.parseInt(mapped[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function portOf(url: URL): number {
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
}

/** Loopback and "this host" addresses reach the server whatever its interfaces are. */
function isLocalAddress(host: string): boolean {
  return /^127\./.test(host) || host === '::1' || host === '0.0.0.0' || host === '::' || host === 'localhost';
}

/**
 * Our own short URLs: `/r/{slug}` on the primary host, and every path but the root on the
 * dedicated short host. The primary host is any name or address that reaches this server: the
 * public URL's host, this machine's addresses and names, loopback; on any port the server is
 * reached on (the URLs' ports, PORT, 80 and 443, as a proxy in front forwards those). Hosts
 * compare case-insensitively, so no spelling of our own address slips past.
 */
export function ownShortUrlTest(
  publicUrl: string,
  shortUrl?: string,
  own: OwnAddresses = { hosts: [], ports: [] },
): OwnShortUrlTest {
  const primary = new URL(publicUrl);
  const short = shortUrl ? new URL(shortUrl) : undefined;
  const primaryHosts = new Set([comparableHost(primary.hostname), ...own.hosts.map(comparableHost)]);
  const shortHost = short ? comparableHost(short.hostname) : undefined;
  const ports = new Set([80, 443, portOf(primary), ...(short ? [portOf(short)] : []), ...own.ports]);
  return (url) => {
    if (!ports.has(portOf(url))) return false;
    const host = comparableHost(url.hostname);
    if (host === shortHost) return url.pathname !== '/';
    return (primaryHosts.has(host) || isLocalAddress(host)) && url.pathname.startsWith('/r/');
  };
}

const NOT_HEADER_SAFE = /[^\x21-\x7e]/;

/**
 * A Location value that Node will send: ASCII without spaces or controls. Stored URLs already
 * are; this is the edge's last guard for rows written before normalisation and for values a
 * template filled in. Throws (URIError) only for text no URL can hold, such as lone surrogates.
 */
export function headerSafeUrl(url: string): string {
  if (!NOT_HEADER_SAFE.test(url)) return url;
  try {
    const href = new URL(url).href;
    if (!NOT_HEADER_SAFE.test(href)) return href;
  } catch {
    // not a URL any more: encode what is not header-safe below
  }
  return encodeURI(url).replace(
    /[^\x21-\x7e]/g,
    (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}
