import { encode, type QrMatrix } from './encode.js';
import { DataTooLongError, StyleError } from './errors.js';
import { effectiveErrorCorrection, type ResolvedStyle, resolveStyle } from './style.js';

/** Modules kept clear of the logo on each side: finders, separators, timing and format information. */
const LOGO_KEEP_OUT = 9;

/** Side, in modules, of the square cleared for a logo: as large as fits `share`, centred on the grid. */
export function logoSide(count: number, share: number): number {
  let side = Math.floor(count * Math.sqrt(share) + 1e-9);
  if ((count - side) % 2 !== 0) side--;
  return Math.max(0, side);
}

/** Smallest version whose symbol leaves the function patterns outside a logo of this share. */
export function minVersionForLogo(share: number): number {
  for (let version = 1; version <= 40; version++) {
    const count = version * 4 + 17;
    if ((count - logoSide(count, share)) / 2 >= LOGO_KEEP_OUT) return version;
  }
  return 40;
}

/** Everything needed to draw a design, in module units. */
export interface Design {
  style: ResolvedStyle;
  data: string;
  matrix: QrMatrix;
  /** Width and height of the whole image in modules (quiet zone and frame included). */
  width: number;
  height: number;
  /** Top-left of the symbol's first module. */
  originX: number;
  originY: number;
  /** Frame ring thickness and text band height, 0 without a frame. */
  framePad: number;
  frameBand: number;
  /** Cleared logo square in module coordinates of the matrix, or null. */
  logo: { start: number; side: number } | null;
  /** Pixel size of the whole image. */
  pixelWidth: number;
  pixelHeight: number;
}

function encodeFor(data: string, style: ResolvedStyle): QrMatrix {
  const errorCorrection = effectiveErrorCorrection(style);
  if (!style.logo) return encode(data, { errorCorrection, version: style.version });
  const needed = minVersionForLogo(style.logo.size);
  if (style.version !== null) {
    if (style.version < needed) {
      throw new StyleError([
        {
          path: '/style/version',
          message: `a logo of ${Math.round(style.logo.size * 100)}% needs version ${needed} or higher`,
        },
      ]);
    }
    return encode(data, { errorCorrection, version: style.version });
  }
  try {
    return encode(data, { errorCorrection, version: needed });
  } catch (error) {
    // The data needs a larger version than the logo does; that one has room for the logo too.
    if (error instanceof DataTooLongError) return encode(data, { errorCorrection });
    throw error;
  }
}

/** Validates the style (throws `StyleError`), encodes the data and lays the design out. */
export function createDesign(data: string, styleInput?: unknown): Design {
  const style = resolveStyle(styleInput);
  const matrix = encodeFor(data, style);
  const count = matrix.size;
  const symbol = count + 2 * style.margin;
  const framePad = style.frame ? 1 : 0;
  const frameBand = style.frame ? Math.max(5, Math.round(symbol * 0.18)) : 0;
  const width = symbol + 2 * framePad;
  const height = symbol + framePad + frameBand;
  let logo: Design['logo'] = null;
  if (style.logo) {
    const side = logoSide(count, style.logo.size);
    logo = side > 0 ? { start: (count - side) / 2, side } : null;
  }
  return {
    style,
    data,
    matrix,
    width,
    height,
    originX: framePad + style.margin,
    originY: framePad + style.margin,
    framePad,
    frameBand,
    logo,
    pixelWidth: style.size,
    pixelHeight: Math.round((style.size * height) / width),
  };
}
