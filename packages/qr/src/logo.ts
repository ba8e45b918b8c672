import { QrError } from './errors.js';
import { sanitizeSvg } from './sanitize-svg.js';

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

/** The image type by its first bytes, not by what a server or a user claims. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  const head = decoder
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<') && /<svg[\s>]/.test(decoder.decode(bytes.subarray(0, 65536))))
    return 'image/svg+xml';
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A logo image ready to store or draw: its type by its bytes, SVG sanitised. */
export interface LogoImage {
  type: LogoType;
  bytes: Uint8Array;
}

/**
 * Checks logo bytes (as the server fetched them behind its SSRF guard, or as uploaded): the type is
 * sniffed from the bytes; PNG, JPEG and WebP are kept as they are, SVG is sanitised. Throws
 * `QrError('invalid_logo')` for anything else.
 */
export function logoImage(bytes: Uint8Array): LogoImage {
  const type = sniffLogoType(bytes);
  if (type === null) throw new QrError('invalid_logo', 'The logo is not a PNG, JPEG, WebP or SVG image.');
  if (type !== 'image/svg+xml') return { type, bytes };
  const svg = sanitizeSvg(decoder.decode(bytes));
  if (svg === null) throw new QrError('invalid_logo', 'The logo SVG could not be read as an SVG document.');
  return { type, bytes: encoder.encode(svg) };
}

/** The `data:` URL that `style.logo.src` takes for logo bytes (see `logoImage`). */
export function logoFromBytes(bytes: Uint8Array): string {
  const image = logoImage(bytes);
  return `data:${image.type};base64,${toBase64(image.bytes)}`;
}

/** The bytes a `data:` URL holds (base64 or percent-encoded); it must declare an image type. */
export function bytesOfDataUrl(src: string): Uint8Array {
  const comma = src.indexOf(',');
  const header = src.slice(5, Math.max(comma, 0)).toLowerCase();
  if (comma < 0 || !header.startsWith('image/')) {
    throw new QrError('invalid_logo', 'The logo data: URL must hold an image (PNG, JPEG, WebP or SVG).');
  }
  const payload = src.slice(comma + 1);
  try {
    return header.endsWith(';base64') ? fromBase64(payload) : encoder.encode(decodeURIComponent(payload));
  } catch {
    throw new QrError('invalid_logo', 'The logo data: URL is not valid base64 or percent-encoding.');
  }
}

const prepared = new Map<string, string>();
const PREPARED_LIMIT = 64;

/**
 * The safe `href` for a logo `src`: a `data:` URL is checked by its bytes (SVG sanitised). An http(s) URL
 * is refused with `logo_fetch_required`: fetching is the server's job, behind its SSRF guard.
 */
export function logoHref(src: string): string {
  const known = prepared.get(src);
  if (known !== undefined) return known;
  if (/^https?:/i.test(src)) {
    throw new QrError(
      'logo_fetch_required',
      'The renderer takes logo bytes only; fetch the URL (with the SSRF guard) and pass logoFromBytes().',
    );
  }
  if (src.startsWith('/')) {
    throw new QrError(
      'logo_fetch_required',
      'The renderer takes logo bytes only; the server resolves an asset URL to its bytes first.',
    );
  }
  if (!src.startsWith('data:')) throw new QrError('invalid_logo', 'The logo must be a data: URL.');
  const href = logoFromBytes(bytesOfDataUrl(src));
  if (prepared.size >= PREPARED_LIMIT) prepared.delete(prepared.keys().next().value as string);
  prepared.set(src, href);
  return href;
}
