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
