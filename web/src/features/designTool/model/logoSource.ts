/** Logo bytes for drawing in the browser: an upload, or a URL fetched by the browser (when the host allows). */
import { logoFromBytes } from '@rq/qr';

/** The largest logo the API takes (POST /assets and POST /render answer 413 above). */
export const LOGO_MAX_BYTES = 512 * 1024;

function checkedDataUrl(bytes: Uint8Array): string {
  if (bytes.byteLength > LOGO_MAX_BYTES) {
    throw new Error(`The logo is ${Math.ceil(bytes.byteLength / 1024)} KiB; the API takes up to 512 KiB.`);
  }
  // Sniffs the type from the bytes (PNG, JPEG, WebP or SVG) and sanitises an SVG, as the server does.
  return logoFromBytes(bytes);
}

/** An uploaded file as the `data:` URL `style.logo.src` takes. */
export async function logoOfFile(file: File): Promise<string> {
  return checkedDataUrl(new Uint8Array(await file.arrayBuffer()));
}

/**
 * The bytes behind a logo URL, as a `data:` URL to draw with. A stored asset (`/api/v1/assets/ast_...`)
 * comes from our API; another site's image only when it allows cross-origin reads.
 */
export async function logoOfUrl(src: string): Promise<string> {
  // A stored asset's path is our own API's, on the page's origin.
  const url = src.startsWith('/') ? new URL(src, window.location.href).href : src;
  try {
    const response = await fetch(url, { credentials: 'omit' });
    if (response.ok) return checkedDataUrl(new Uint8Array(await response.arrayBuffer()));
  } catch {
    // Another site's image: the page may not fetch it (CORS, the site's connect-src); try it as an image.
  }
  return checkedDataUrl(await imageAsPng(url));
}

/**
 * An image another site serves, drawn into a canvas and read back as PNG: possible when the site allows
 * cross-origin use (Access-Control-Allow-Origin). The preview then draws this copy; the API fetches the
 * original when the style is used.
 */
async function imageAsPng(url: string): Promise<Uint8Array> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.src = url;
  try {
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth || 256;
    canvas.height = image.naturalHeight || 256;
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('no PNG');
    return new Uint8Array(await blob.arrayBuffer());
  } catch {
    throw new Error(
      'This page cannot read that image (its site does not allow other sites to use it). The API fetches it when you create or save a code; to see it here, download it and upload the file.',
    );
  }
}
