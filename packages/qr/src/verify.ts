import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { contrastRatio, luminanceOfRgb } from './color.js';
import { QrError, type UnscannableReason } from './errors.js';
import {
  effectiveErrorCorrection,
  LOGO_AREA_CAPS,
  LOGO_MAX_SIZE,
  MIN_MARGIN,
  validateStyle,
} from './style.js';

/** RGBA pixels, as in a canvas `ImageData`; no DOM needed. */
export interface ImageDataLike {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

export type VerifyResult =
  | { ok: true; text: string }
  | { ok: false; reason: UnscannableReason; message: string };

export interface VerifyOptions {
  /** The design's style; lets a failed decode be explained (logo over its cap, quiet zone, contrast). */
  style?: unknown;
}

/**
 * Least contrast measured in the pixels (darkest 2% against lightest 2%). Lower than the style's 3:1:
 * anti-aliasing and gradients pull the measured extremes together a little.
 */
export const VERIFY_MIN_CONTRAST = 2.5;

let configured = false;

/**
 * Tells the verifier where zxing's WebAssembly is: its bytes, or a URL the page serves from its own
 * bundle (zxing-wasm/reader/zxing_reader.wasm). It is never fetched from a CDN. The Node entry
 * configures itself from node_modules.
 */
export function configureVerifier(
  source: { wasmBinary: ArrayBuffer | Uint8Array } | { wasmUrl: string },
): void {
  if ('wasmBinary' in source) {
    const bytes =
      source.wasmBinary instanceof Uint8Array ? source.wasmBinary : new Uint8Array(source.wasmBinary);
    const wasmBinary = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.byteLength,
    ) as ArrayBuffer;
    prepareZXingModule({ overrides: { wasmBinary } });
  } else {
    const url = source.wasmUrl;
    prepareZXingModule({ overrides: { locateFile: () => url } });
  }
  configured = true;
}

export function isVerifierConfigured(): boolean {
  return configured;
}

/** Each channel's share of relative luminance, per 8-bit value. */
const RED = new Float32Array(256);
const GREEN = new Float32Array(256);
const BLUE = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  RED[i] = luminanceOfRgb(i, 0, 0);
  GREEN[i] = luminanceOfRgb(0, i, 0);
  BLUE[i] = luminanceOfRgb(0, 0, i);
}

function luminanceAt(data: ImageDataLike['data'], pixel: number): number {
  const i = pixel * 4;
  return (
    (RED[data[i] as number] as number) +
    (GREEN[data[i + 1] as number] as number) +
    (BLUE[data[i + 2] as number] as number)
  );
}

/** zxing-wasm reads any object with RGBA `data`, `width` and `height`; its types ask for a DOM ImageData. */
function asImageData(image: ImageDataLike): ImageData {
  const { data } = image;
  const pixels = new Uint8ClampedArray(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
  return { data: pixels, width: image.width, height: image.height, colorSpace: 'srgb' };
}

/** A quick pass first; the thorough one (rotations, downscaling) only when the quick one finds nothing. */
async function decode(image: ImageData) {
  const options = { formats: ['QRCode' as const], tryInvert: false, maxNumberOfSymbols: 1 };
  const [quick] = await readBarcodes(image, { ...options, tryHarder: false });
  if (quick?.isValid) return quick;
  const [thorough] = await readBarcodes(image, { ...options, tryHarder: true });
  return thorough;
}

/** The image as seen on a white page: transparent pixels are composited on white. */
function onWhite(image: ImageDataLike): ImageDataLike {
  const { data } = image;
  let opaque = true;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] !== 255) {
      opaque = false;
      break;
    }
  }
  if (opaque) return image;
  const out = new Uint8ClampedArray(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = (data[i + 3] as number) / 255;
    const white = 255 * (1 - alpha);
    out[i] = (data[i] as number) * alpha + white;
    out[i + 1] = (data[i + 1] as number) * alpha + white;
    out[i + 2] = (data[i + 2] as number) * alpha + white;
    out[i + 3] = 255;
  }
  return { data: out, width: image.width, height: image.height };
}

interface Tones {
  dark: number;
  light: number;
}

/** The 2nd and 98th percentile of luminance, from about 16k pixels on an even grid. */
function tones(image: ImageDataLike): Tones {
  const { data, width, height } = image;
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / 16384)));
  const bins = new Uint32Array(1024);
  let count = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0, i = y * width * 4; x < width; x += step, i += step * 4) {
      const value =
        (RED[data[i] as number] as number) +
        (GREEN[data[i + 1] as number] as number) +
        (BLUE[data[i + 2] as number] as number);
      const bin = Math.min(1023, (value * 1024) | 0);
      bins[bin] = (bins[bin] as number) + 1;
      count++;
    }
  }
  const percentile = (share: number) => {
    let seen = 0;
    const target = share * count;
    for (let b = 0; b < 1024; b++) {
      seen += bins[b] as number;
      if (seen > target) return (b + 0.5) / 1024;
    }
    return 1;
  };
  return { dark: percentile(0.02), light: percentile(0.98) };
}

/** Share of dark pixels (below `threshold`) in a rectangle, clipped to the image. */
function darkShare(image: ImageDataLike, x0: number, y0: number, x1: number, y1: number, threshold: number) {
  let dark = 0;
  let total = 0;
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++) {
      total++;
      if (luminanceAt(image.data, y * image.width + x) < threshold) dark++;
    }
  }
  return { dark, total };
}

/** True when the band of `quiet` pixels around the symbol's box lies in the image and is light. */
function quietZoneClear(
  image: ImageDataLike,
  box: { x0: number; y0: number; x1: number; y1: number },
  quiet: number,
  threshold: number,
): boolean {
  const x0 = Math.floor(box.x0 - quiet);
  const y0 = Math.floor(box.y0 - quiet);
  const x1 = Math.ceil(box.x1 + quiet);
  const y1 = Math.ceil(box.y1 + quiet);
  if (x0 < 0 || y0 < 0 || x1 > image.width || y1 > image.height) return false;
  // Leave out a quarter of the band next to the symbol, where its anti-aliased edge lies.
  const inset = Math.max(1, Math.round(quiet * 0.25));
  const ix0 = Math.floor(box.x0) - inset;
  const iy0 = Math.floor(box.y0) - inset;
  const ix1 = Math.ceil(box.x1) + inset;
  const iy1 = Math.ceil(box.y1) + inset;
  const strips = [
    darkShare(image, x0, y0, x1, iy0, threshold),
    darkShare(image, x0, iy1, x1, y1, threshold),
    darkShare(image, x0, iy0, ix0, iy1, threshold),
    darkShare(image, ix1, iy0, x1, iy1, threshold),
  ];
  const dark = strips.reduce((sum, strip) => sum + strip.dark, 0);
  const total = strips.reduce((sum, strip) => sum + strip.total, 0);
  return total === 0 || dark / total < 0.01;
}

type Point = { x: number; y: number };

/**
 * The symbol's outer box from the corners zxing reports. The top-left, top-right and bottom-left corners
 * come from the three finder patterns and are exact to the pixel; the bottom-right one is extrapolated
 * (from the alignment pattern, or guessed without one) and lands up to half a module outside the symbol,
 * which made a margin of exactly 2 modules measure as less. A flat rendering is a parallelogram, so the
 * fourth corner is taken from the other three instead.
 */
function symbolBox(corners: { topLeft: Point; topRight: Point; bottomLeft: Point }): {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
} {
  const { topLeft, topRight, bottomLeft } = corners;
  const bottomRight = { x: topRight.x + bottomLeft.x - topLeft.x, y: topRight.y + bottomLeft.y - topLeft.y };
  const xs = [topLeft.x, topRight.x, bottomLeft.x, bottomRight.x];
  const ys = [topLeft.y, topRight.y, bottomLeft.y, bottomRight.y];
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** What a design's style tells about a failed decode; read loosely, as the style may break a rule. */
interface DesignHint {
  margin: number | null;
  logoShare: number | null;
  logoCap: number;
  framed: boolean;
}

function designHint(style: unknown): DesignHint {
  const result = validateStyle(style);
  if (result.ok) {
    const { logo, frame, margin } = result.style;
    return {
      margin,
      logoShare: logo ? logo.size : null,
      logoCap: effectiveErrorCorrection(result.style) === 'H' ? LOGO_AREA_CAPS.H : LOGO_AREA_CAPS.Q,
      framed: frame !== null,
    };
  }
  const loose = (typeof style === 'object' && style !== null ? style : {}) as Record<string, unknown>;
  const logo =
    typeof loose.logo === 'object' && loose.logo !== null ? (loose.logo as Record<string, unknown>) : null;
  return {
    margin: typeof loose.margin === 'number' ? loose.margin : null,
    logoShare: logo ? (typeof logo.size === 'number' ? logo.size : 0.1) : null,
    logoCap: LOGO_MAX_SIZE,
    framed: typeof loose.frame === 'object' && loose.frame !== null,
  };
}

function edgeIsDark(image: ImageDataLike, tone: Tones): boolean {
  const threshold = (tone.dark + tone.light) / 2;
  const { width, height } = image;
  const edges = [
    darkShare(image, 0, 0, width, 1, threshold),
    darkShare(image, 0, height - 1, width, height, threshold),
    darkShare(image, 0, 0, 1, height, threshold),
    darkShare(image, width - 1, 0, width, height, threshold),
  ];
  const dark = edges.reduce((sum, edge) => sum + edge.dark, 0);
  return dark / (2 * (width + height)) > 0.05;
}

function explainFailure(hint: DesignHint, image: ImageDataLike, tone: Tones): VerifyResult {
  // Without a frame, a symbol drawn up to the image's edge has no quiet zone.
  if ((hint.margin !== null && hint.margin < MIN_MARGIN) || (!hint.framed && edgeIsDark(image, tone))) {
    return {
      ok: false,
      reason: 'quiet_zone_too_small',
      message: `the quiet zone is under ${MIN_MARGIN} modules`,
    };
  }
  if (hint.logoShare !== null) {
    return {
      ok: false,
      reason: 'logo_too_large',
      message: `the symbol does not decode with a logo over ${Math.round(hint.logoShare * 100)}% of it (cap ${Math.round(hint.logoCap * 100)}%)`,
    };
  }
  return { ok: false, reason: 'other', message: 'zxing found no readable QR code in the image' };
}

/**
 * Decodes the image with zxing and answers ok when it gives back exactly `expected`, with enough contrast
 * and a quiet zone of at least 2 modules; otherwise not ok with a reason. Transparent pixels are judged on
 * white, as a phone sees a code on a white page.
 */
export async function verify(
  image: ImageDataLike,
  expected: string,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  if (!configured) {
    throw new QrError(
      'verifier_not_configured',
      'Call configureVerifier() with zxing_reader.wasm from node_modules (or use @rq/qr/node) before verify().',
    );
  }
  const seen = onWhite(image);
  const tone = tones(seen);
  const ratio = contrastRatio(tone.dark, tone.light);
  if (ratio < VERIFY_MIN_CONTRAST) {
    return {
      ok: false,
      reason: 'contrast_too_low',
      message: `the contrast is ${ratio.toFixed(2)}:1; at least ${VERIFY_MIN_CONTRAST}:1 is needed`,
    };
  }
  const result = await decode(asImageData(seen));
  if (!result?.isValid) return explainFailure(designHint(options.style), seen, tone);
  if (result.text !== expected) {
    return { ok: false, reason: 'other', message: 'the symbol decodes to different data' };
  }
  const box = symbolBox(result.position);
  const modules = Number.parseInt(result.version, 10) * 4 + 17;
  const moduleSize = (box.x1 - box.x0) / modules;
  const threshold = (tone.dark + tone.light) / 2;
  // Half a module of slack for anti-aliasing and for corners located to the nearest pixel: a margin of
  // exactly MIN_MARGIN modules passes, one module less does not.
  if (!quietZoneClear(seen, box, moduleSize * (MIN_MARGIN - 0.5), threshold)) {
    return {
      ok: false,
      reason: 'quiet_zone_too_small',
      message: `the light margin around the symbol is under ${MIN_MARGIN} modules`,
    };
  }
  return { ok: true, text: result.text };
}
