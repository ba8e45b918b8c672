import { bytesOfDataUrl, type LogoImage, logoImage, QrError } from '@rq/qr';
import { type FieldError, Problem } from '../../shared/problem.js';

/** The largest image an asset (a logo) may be, uploaded, fetched or given inline as a data: URL. */
export const ASSET_MAX_BYTES = 512 * 1024;
export const ASSET_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

const KIB = 1024;

function field(path: string | undefined, message: string): { errors?: FieldError[] } {
  return path === undefined ? {} : { errors: [{ path, message }] };
}

/** 413: an image over the cap (of `bytes` when known); `path` names the field it came in, if any. */
export function imageTooLarge(bytes: number | undefined, path?: string): Problem {
  const size = bytes === undefined ? 'over the cap' : `${bytes} bytes`;
  return new Problem(
    'payload_too_large',
    `The image is ${size}; images (logos) are at most ${ASSET_MAX_BYTES / KIB} KiB (${ASSET_MAX_BYTES} bytes).`,
    field(path, `is over ${ASSET_MAX_BYTES / KIB} KiB`),
  );
}

/** 415: bytes that are no PNG, JPEG, WebP or SVG image, whatever they were labelled. */
export function notAnImage(detail: string, path?: string): Problem {
  return new Problem('unsupported_media_type', detail, field(path, 'is not a PNG, JPEG, WebP or SVG image'));
}

/**
 * Image bytes checked to be stored or drawn: at most ASSET_MAX_BYTES (413), a PNG, JPEG, WebP or
 * SVG by their own first bytes (415), an SVG sanitised by @rq/qr.
 */
export function checkImage(bytes: Uint8Array, path?: string): LogoImage {
  if (bytes.byteLength > ASSET_MAX_BYTES) throw imageTooLarge(bytes.byteLength, path);
  try {
    return logoImage(bytes);
  } catch (error) {
    if (error instanceof QrError) throw notAnImage(error.message, path);
    throw error;
  }
}

/** The image a `data:` URL holds, checked as `checkImage` does; a URL that is not one at all is a 400. */
export function imageOfDataUrl(src: string, path: string): LogoImage {
  if (!/^data:image\/[^,]*,/i.test(src)) {
    throw notAnImage('The logo data: URL must hold an image (PNG, JPEG, WebP or SVG).', path);
  }
  let bytes: Uint8Array;
  try {
    bytes = bytesOfDataUrl(src);
  } catch (error) {
    if (error instanceof QrError) {
      throw new Problem('validation_failed', `${path}: ${error.message}`, {
        errors: [{ path, message: 'is not valid base64 or percent-encoding' }],
      });
    }
    throw error;
  }
  return checkImage(bytes, path);
}
