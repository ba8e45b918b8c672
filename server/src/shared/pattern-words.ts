/**
 * What a schema's `pattern` means, in words, for the 400 a caller reads: "must be 3 to 64
 * letters, digits, - or _" rather than "must match pattern ^[A-Za-z0-9_-]{3,64}$". A module
 * names its pattern where it defines it; the errors plugin looks the words up.
 */
const words = new Map<string, string>();

/** Records the words for a pattern and answers the pattern, for use inside a schema. */
export function describedPattern(pattern: string, message: string): string {
  words.set(pattern, message);
  return pattern;
}

export function patternMessage(pattern: unknown): string | undefined {
  return typeof pattern === 'string' ? words.get(pattern) : undefined;
}

/** A header's value, as a scanner's request carries it: no line breaks or other control characters. */
export const HEADER_VALUE = describedPattern(
  '^[^\\x00-\\x08\\x0a-\\x1f\\x7f]*$',
  'must be one header value: no line breaks or other control characters',
);

/** A URL's query string as a scanned URL carries it. */
export const QUERY_STRING = describedPattern(
  '^[^\\s#\\x00-\\x1f\\x7f]*$',
  'must be a query string as a URL carries it ("src=flyer&x=1"): no spaces, line breaks or #',
);
