import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { ImageFormat } from './qrcodes.images.js';

/**
 * Signed image URLs: `/api/v1/images/{code}/{version}/{signature}.svg|png`, handed out as a code's
 * `imageUrl`, so an `<img src>` shows a code's image without the Authorization header an element
 * cannot send. `version` is a hash of what the image draws (the encoded text and the style), so the
 * URL changes whenever the image does and the answer may be cached for good; `signature` is an
 * HMAC of code and version under a key derived from the server secret (kept in the database, the
 * same on every instance), so only a caller who could read the code holds a URL that works.
 */

/** Raised when the drawing changes for the same code and style (the renderer itself), to start new URLs. */
const DRAWING_EDITION = '1';
const VERSION_CHARS = 16;
const SIGNATURE_CHARS = 22;

export class ImageUrls {
  private readonly key: KeyObject;

  constructor(serverSecret: string) {
    // A key of its own: a leaked image signature says nothing about the visitor salts of the same secret.
    // Made a KeyObject once: a Buffer key is imported again on every signature (a list of 1,000 codes signs 1,000).
    this.key = createSecretKey(createHmac('sha256', serverSecret).update('rq-image-urls').digest());
  }

  /** What the image draws, as a short name: equal text and style, equal version. */
  version(payload: string, style: unknown): string {
    return createHash('sha256')
      .update(JSON.stringify([DRAWING_EDITION, payload, style]))
      .digest('base64url')
      .slice(0, VERSION_CHARS);
  }

  url(codeId: string, version: string, format: ImageFormat): string {
    return `/api/v1/images/${codeId}/${version}/${this.signature(codeId, version)}.${format}`;
  }

  /** Whether the URL's signature is the one this server gives for the code and version. */
  verify(codeId: string, version: string, signature: string): boolean {
    const expected = Buffer.from(this.signature(codeId, version));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(codeId: string, version: string): string {
    return createHmac('sha256', this.key)
      .update(`${codeId}.${version}`)
      .digest('base64url')
      .slice(0, SIGNATURE_CHARS);
  }
}
