import type { CodeFilter } from './qrcodes.repository.js';
import type { CodeFilterInput } from './qrcodes.schemas.js';

/**
 * The list's filters (GET /qrcodes, its count, bulk changes by filter, print selections) as the
 * repository reads them: a hostname compares in lower case, `q` is text in the title or slug.
 */
export function codeFilterOf(input: CodeFilterInput): CodeFilter {
  return {
    mode: input.mode,
    tag: input.tag,
    hostKey: input.hostname?.toLowerCase(),
    text: input.q,
    enabled: input.enabled,
  };
}
