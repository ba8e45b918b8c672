/**
 * SVG to RGBA pixels in the browser (a canvas on white), for zxing. The SVG is drawn at the asked width as a
 * vector, so a small width is a small print, not a scaled bitmap.
 */
import type { ImageDataLike } from '@rq/qr';

/** The SVG's viewBox width and height (in modules: the renderer draws one unit per module). */
export function viewBoxOf(svg: string): { width: number; height: number } {
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : { width: 0, height: 0 };
}

/** Pixels per module the server rasterises at to verify (packages/qr/src/node.ts), kept the same here. */
const VERIFY_PIXELS_PER_MODULE = 4;

/** The width the API verifies an SVG at: 4 px per module, 96 to 2048 px. */
export function verificationWidth(svg: string): number {
  const modules = viewBoxOf(svg).width;
  return modules > 0 ? Math.min(2048, Math.max(96, Math.round(modules * VERIFY_PIXELS_PER_MODULE))) : 512;
}

/** The SVG with its root width and height set, so the browser draws the vector at that size. */
function sized(svg: string, width: number, height: number): string {
  return svg.replace(
    /^<svg([^>]*?) width="[\d.]+" height="[\d.]+"/,
    `<svg$1 width="${width}" height="${height}"`,
  );
}

/** Decodes an SVG document into an image element (an object URL, so no size limit of data: URLs). */
export async function svgImage(svg: string, width: number, height: number): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(new Blob([sized(svg, width, height)], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export interface DrawOptions {
  /** Degrees, clockwise, about the centre; the canvas grows so nothing is cut. */
  rotate?: number;
}

/** Draws the image on white at `width` px (height by aspect) and returns the pixels. */
export function drawOnWhite(
  image: HTMLImageElement,
  width: number,
  options: DrawOptions = {},
): ImageDataLike {
  const height = Math.round((width * image.height) / image.width);
  const angle = ((options.rotate ?? 0) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const canvasWidth = Math.ceil(width * cos + height * sin);
  const canvasHeight = Math.ceil(width * sin + height * cos);
  const canvas = document.createElement('canvas');
  canvas.width = canvasWidth;
  canvas.height = canvasHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser gives no 2D canvas to check the design with.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvasWidth, canvasHeight);
  context.translate(canvasWidth / 2, canvasHeight / 2);
  context.rotate(angle);
  context.drawImage(image, -width / 2, -height / 2, width, height);
  return context.getImageData(0, 0, canvasWidth, canvasHeight);
}

/** Pulls every channel towards mid grey: `factor` 1 keeps the image, 0 makes it flat grey (CSS contrast()). */
export function lowerContrast(image: ImageDataLike, factor: number): ImageDataLike {
  const data = new Uint8ClampedArray(image.data.length);
  const source = image.data;
  for (let i = 0; i < source.length; i += 4) {
    data[i] = 128 + ((source[i] as number) - 128) * factor;
    data[i + 1] = 128 + ((source[i + 1] as number) - 128) * factor;
    data[i + 2] = 128 + ((source[i + 2] as number) - 128) * factor;
    data[i + 3] = 255;
  }
  return { data, width: image.width, height: image.height };
}

/** One horizontal and one vertical box-blur pass of `radius` px, on each colour channel. */
function boxBlurPass(source: Uint8ClampedArray, width: number, height: number, radius: number) {
  const horizontal = new Uint8ClampedArray(source.length);
  const out = new Uint8ClampedArray(source.length);
  const span = 2 * radius + 1;
  for (let y = 0; y < height; y++) {
    for (let channel = 0; channel < 3; channel++) {
      let sum = 0;
      for (let x = -radius; x <= radius; x++)
        sum += source[(y * width + Math.min(width - 1, Math.max(0, x))) * 4 + channel] as number;
      for (let x = 0; x < width; x++) {
        horizontal[(y * width + x) * 4 + channel] = sum / span;
        const add = Math.min(width - 1, x + radius + 1);
        const drop = Math.max(0, x - radius);
        sum +=
          (source[(y * width + add) * 4 + channel] as number) -
          (source[(y * width + drop) * 4 + channel] as number);
      }
    }
  }
  for (let x = 0; x < width; x++) {
    for (let channel = 0; channel < 3; channel++) {
      let sum = 0;
      for (let y = -radius; y <= radius; y++)
        sum += horizontal[(Math.min(height - 1, Math.max(0, y)) * width + x) * 4 + channel] as number;
      for (let y = 0; y < height; y++) {
        out[(y * width + x) * 4 + channel] = sum / span;
        const add = Math.min(height - 1, y + radius + 1);
        const drop = Math.max(0, y - radius);
        sum +=
          (horizontal[(add * width + x) * 4 + channel] as number) -
          (horizontal[(drop * width + x) * 4 + channel] as number);
      }
    }
  }
  for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return out;
}

/** An approximate Gaussian blur (three box passes) of about `sigma` px. */
export function blur(image: ImageDataLike, sigma: number): ImageDataLike {
  // Three box blurs of radius r approximate a Gaussian of sigma sqrt(r(r+1)).
  const radius = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  let data = Uint8ClampedArray.from(image.data);
  for (let pass = 0; pass < 3; pass++) data = boxBlurPass(data, image.width, image.height, radius);
  return { data, width: image.width, height: image.height };
}
