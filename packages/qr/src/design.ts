import { encode, type QrMatrix } from './encode.js';
import { DataTooLongError, StyleError } from './errors.js';
import { logoDamage } from './logo-fit.js';
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

/** Centres of the alignment patterns of a version (ISO/IEC 18004 annex E), as node-qrcode places them. */
export function alignmentCentres(version: number): Array<[number, number]> {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const interval = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const coords = [size - 7];
  for (let i = 1; i < count - 1; i++) coords.push((coords[i - 1] as number) - interval);
  coords.push(6);
  coords.reverse();
  const centres: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < count; j++) {
      const finder = (i === 0 && j === 0) || (i === 0 && j === count - 1) || (i === count - 1 && j === 0);
      if (!finder) centres.push([coords[i] as number, coords[j] as number]);
    }
  }
  return centres;
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
  /**
   * Cleared logo square in module coordinates of the matrix, or null, with the alignment patterns that
   * fall in it: they stay drawn (the logo is clipped around them), as zbar lays its grid on them.
   */
  logo: { start: number; side: number; keep: Array<[number, number]> } | null;
  /** Pixel size of the whole image. */
  pixelWidth: number;
  pixelHeight: number;
}

function logoFits(matrix: QrMatrix, share: number): boolean {
  const side = logoSide(matrix.size, share);
  // Decoders threshold locally, and a dark logo pulls the modules around it too: the ring of modules
  // around the cleared square is counted as lost as well, which is the reserve for a real camera.
  const damage = logoDamage(matrix, (matrix.size - side) / 2 - 1, side + 2);
  return damage.worst <= damage.repairable;
}

function logoTooLarge(share: number, where: string): StyleError {
  return new StyleError([
    {
      path: '/style/logo/size',
      message: `a logo of ${Math.round(share * 100)}% of the symbol breaks more codewords ${where} than error correction repairs`,
      reason: 'logo_too_large',
    },
  ]);
}

/**
 * With a logo, the smallest version from which the function patterns stay clear and the codewords the
 * logo breaks stay repairable, with a reserve, in every block.
 */
function encodeWithLogo(data: string, style: ResolvedStyle, share: number): QrMatrix {
  const errorCorrection = effectiveErrorCorrection(style);
  const needed = minVersionForLogo(share);
  if (style.version !== null) {
    if (style.version < needed) {
      throw new StyleError([
        {
          path: '/style/version',
          message: `a logo of ${Math.round(share * 100)}% needs version ${needed} or higher`,
        },
      ]);
    }
    const matrix = encode(data, { errorCorrection, version: style.version });
    if (!logoFits(matrix, share)) throw logoTooLarge(share, `at version ${style.version}`);
    return matrix;
  }
  let matrix: QrMatrix;
  try {
    matrix = encode(data, { errorCorrection, version: needed });
  } catch (error) {
    // The data needs a larger version than the logo does; that one has room for the logo too.
    if (!(error instanceof DataTooLongError)) throw error;
    matrix = encode(data, { errorCorrection });
  }
  while (!logoFits(matrix, share)) {
    if (matrix.version === 40) throw logoTooLarge(share, 'at any version');
    matrix = encode(data, { errorCorrection, version: matrix.version + 1 });
  }
  return matrix;
}

function encodeFor(data: string, style: ResolvedStyle): QrMatrix {
  if (style.logo) return encodeWithLogo(data, style, style.logo.size);
  return encode(data, { errorCorrection: style.errorCorrection, version: style.version });
}

/**
 * Least pixels per module an image is served at. Below it a module is drawn across fractions of
 * pixels and blurs into its neighbours: zxing still reads such images, zbar and many phone
 * cameras do not (a framed code at 64 px, 1.6 px a module). At 2.5 and above zbar read every
 * design we tried.
 */
export const MIN_PIXELS_PER_MODULE = 2.5;

/** The smallest `size` in px at which the design keeps MIN_PIXELS_PER_MODULE. */
export function minimumPixelWidth(design: Design): number {
  return Math.ceil(design.width * MIN_PIXELS_PER_MODULE);
}

/**
 * Throws a `StyleError` (reason `size_too_small`, at `/style/size`) when the design's size leaves a
 * module fewer than MIN_PIXELS_PER_MODULE pixels: the content and style decide the minimum size.
 */
export function assertLegibleSize(design: Design): void {
  const minimum = minimumPixelWidth(design);
  if (design.pixelWidth >= minimum) return;
  throw new StyleError([
    {
      path: '/style/size',
      message: `must be at least ${minimum} px for this content and style (${Math.round(design.width)} modules wide with its margin${design.framePad ? ' and frame' : ''}, at least ${MIN_PIXELS_PER_MODULE} px each); at ${design.pixelWidth} px scanners misread it`,
      reason: 'size_too_small',
    },
  ]);
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
    const start = (count - side) / 2;
    const inside = (v: number) => v + 2 >= start && v - 2 < start + side;
    const keep = alignmentCentres(matrix.version).filter(([row, col]) => inside(row) && inside(col));
    logo = side > 0 ? { start, side, keep } : null;
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
