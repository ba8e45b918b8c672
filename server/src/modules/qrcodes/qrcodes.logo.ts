import { logoFromBytes, QrError } from '@rq/qr';
import { Problem } from '../../shared/problem.js';
import { SafeFetchError, safeFetch } from '../../shared/safe-fetch.js';

/** The largest logo fetched by URL; it is stored inside the code's style as a data: URL. */
export const LOGO_MAX_BYTES = 512 * 1024;
const LOGO_TIMEOUT_MS = 5000;
const LOGO_TYPES = /^image\/(png|jpeg|webp|svg\+xml)\b/i;

function refused(path: string, message: string): Problem {
  return new Problem('validation_failed', `${path}: ${message}`, { errors: [{ path, message }] });
}

/**
 * Fetches a logo URL behind the SSRF guard (public addresses only, size-capped, image types only)
 * and answers it as a `data:` URL. The bytes decide the type; an SVG is sanitised by @rq/qr.
 */
export async function fetchLogo(url: string, path: string, allow: readonly string[] = []): Promise<string> {
  let body: Buffer;
  try {
    const response = await safeFetch(
      url,
      {
        timeoutMs: LOGO_TIMEOUT_MS,
        maxBytes: LOGO_MAX_BYTES,
        maxRedirects: 3,
        headers: { accept: 'image/png, image/jpeg, image/webp, image/svg+xml' },
      },
      allow,
    );
    const type = String(response.headers['content-type'] ?? '');
    if (!LOGO_TYPES.test(type)) {
      throw refused(
        path,
        `the logo URL answered ${type || 'no content type'}, not a PNG, JPEG, WebP or SVG image`,
      );
    }
    body = response.body;
  } catch (error) {
    if (error instanceof SafeFetchError) {
      const why =
        error.reason === 'too_large' ? `the logo is over ${LOGO_MAX_BYTES / 1024} KiB` : error.message;
      throw refused(path, `the logo could not be fetched: ${why}`);
    }
    throw error;
  }
  try {
    return logoFromBytes(body);
  } catch (error) {
    if (error instanceof QrError) throw refused(path, error.message);
    throw error;
  }
}
