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

/**
 * Our own short URLs: `/r/{slug}` on the primary host, and every path but the root on the
 * dedicated short host. Hosts compare with their port, in their serialised (lower-case) form.
 */
export function ownShortUrlTest(publicUrl: string, shortUrl?: string): OwnShortUrlTest {
  const primaryHost = new URL(publicUrl).host;
  const shortHost = shortUrl ? new URL(shortUrl).host : undefined;
  return (url) =>
    (url.host === primaryHost && url.pathname.startsWith('/r/')) ||
    (url.host === shortHost && url.pathname !== '/');
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
