import type { Design } from './design.js';
import type { Gradient } from './style.js';
import {
  type Box,
  type ColorOptions,
  componentsOf,
  fmt,
  gradientGeometry,
  type ImageLayer,
  pathSegments,
  type Segment,
  vectorModel,
} from './vector.js';

/** RGBA pixels, 8 bits a channel, rows top first (what resvg and ImageData hold). */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface EpsOptions extends ColorOptions {
  /** Width of the image in PostScript points (1/72 in). Default: `style.size` px at 96 px an inch. */
  width?: number;
  /**
   * Draws the logo `src` as pixels of `px` square, composited on `background` (EPS has no alpha).
   * Without it a design with a logo cannot be written (`@rq/qr/node` passes one through resvg).
   */
  logoPixels?: (src: string, px: number, background: string) => Pixels;
}

/** CSS pixels to points: 96 px an inch, 72 pt an inch. */
export const POINTS_PER_PIXEL = 0.75;

/** Pixels a side of the logo is written at: sharp at 60 mm, small enough to keep the file light. */
const LOGO_PIXELS = 320;

function psPath(segments: Segment[]): string {
  const parts: string[] = [];
  for (const s of segments) {
    if (s.op === 'M') parts.push(`${fmt(s.x)} ${fmt(s.y)} m`);
    else if (s.op === 'L') parts.push(`${fmt(s.x)} ${fmt(s.y)} l`);
    else if (s.op === 'C')
      parts.push(`${fmt(s.x1)} ${fmt(s.y1)} ${fmt(s.x2)} ${fmt(s.y2)} ${fmt(s.x)} ${fmt(s.y)} c`);
    else parts.push('h');
  }
  // Short lines: some PostScript consumers limit a line to 255 characters.
  let out = '';
  let line = '';
  for (const part of parts) {
    if (line.length + part.length > 200) {
      out += `${line}\n`;
      line = '';
    }
    line += line ? ` ${part}` : part;
  }
  return `${out}${line}\n`;
}

function colorOperator(color: string, options: ColorOptions): string {
  const parts = componentsOf(color, options).map(fmt).join(' ');
  return options.cmyk ? `${parts} setcmykcolor` : `${parts} setrgbcolor`;
}

/** A PostScript function over 0..1 through the gradient's stops (stitched linear pieces). */
function psFunction(gradient: Gradient, options: ColorOptions): string {
  const stops = [...gradient.stops];
  const first = stops[0];
  const last = stops.at(-1);
  if (first && first.offset > 0) stops.unshift({ offset: 0, color: first.color });
  if (last && last.offset < 1) stops.push({ offset: 1, color: last.color });
  const piece = (a: string, b: string) =>
    `<< /FunctionType 2 /Domain [0 1] /C0 [${componentsOf(a, options).map(fmt).join(' ')}] /C1 [${componentsOf(b, options).map(fmt).join(' ')}] /N 1 >>`;
  const pieces: string[] = [];
  for (let i = 0; i < stops.length - 1; i++) {
    pieces.push(piece((stops[i] as { color: string }).color, (stops[i + 1] as { color: string }).color));
  }
  if (pieces.length === 1) return pieces[0] as string;
  const bounds = stops.slice(1, -1).map((stop) => fmt(stop.offset));
  const encode = pieces.map(() => '0 1').join(' ');
  return `<< /FunctionType 3 /Domain [0 1] /Functions [${pieces.join(' ')}] /Bounds [${bounds.join(' ')}] /Encode [${encode}] >>`;
}

function psShading(gradient: Gradient, box: Box, options: ColorOptions): string {
  const geometry = gradientGeometry(gradient, box);
  const space = options.cmyk ? '/DeviceCMYK' : '/DeviceRGB';
  return `<< /ShadingType ${geometry.type === 'linear' ? 2 : 3} /ColorSpace ${space} /Coords [${geometry.coords.map(fmt).join(' ')}] /Function ${psFunction(gradient, options)} /Extend [true true] >>`;
}

function hexOf(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 36) {
    const row = bytes.subarray(i, i + 36);
    let line = '';
    for (const byte of row) line += byte.toString(16).padStart(2, '0');
    out += `${line}\n`;
  }
  return out;
}

/** Pixels (already composited, alpha ignored) as RGB or CMYK samples. */
function samples(pixels: Pixels, options: ColorOptions): Uint8Array {
  const count = pixels.width * pixels.height;
  const out = new Uint8Array(count * (options.cmyk ? 4 : 3));
  for (let i = 0; i < count; i++) {
    const r = (pixels.data[i * 4] as number) / 255;
    const g = (pixels.data[i * 4 + 1] as number) / 255;
    const b = (pixels.data[i * 4 + 2] as number) / 255;
    if (!options.cmyk) {
      out.set([r * 255, g * 255, b * 255], i * 3);
      continue;
    }
    const k = 1 - Math.max(r, g, b);
    const d = k >= 1 ? 1 : 1 - k;
    out.set([((1 - r - k) / d) * 255, ((1 - g - k) / d) * 255, ((1 - b - k) / d) * 255, k * 255], i * 4);
  }
  return out;
}

function psImage(layer: ImageLayer, background: string, options: EpsOptions): string {
  if (!options.logoPixels)
    throw new Error('a design with a logo needs options.logoPixels to be written as EPS');
  const pixels = options.logoPixels(layer.src, LOGO_PIXELS, background);
  const { width, height } = pixels;
  // Fitted in the square, centred, as the SVG's preserveAspectRatio="xMidYMid meet" places it.
  const scale = layer.side / Math.max(width, height);
  const x = layer.x + (layer.side - width * scale) / 2;
  const y = layer.y + (layer.side - height * scale) / 2;
  const components = options.cmyk ? 4 : 3;
  return (
    `gsave ${fmt(x)} ${fmt(y)} translate ${fmt(width * scale)} ${fmt(height * scale)} scale\n` +
    `${width} ${height} 8 [${width} 0 0 ${height} 0 0] currentfile /ASCIIHexDecode filter false ${components} colorimage\n` +
    `${hexOf(samples(pixels, options))}>\ngrestore\n`
  );
}

/**
 * The design as an Encapsulated PostScript file: DSC header with its bounding box, the layers the SVG
 * draws as paths (nonzero fill), gradients as level 3 shadings, the logo as an image composited on the
 * background. `cmyk` writes every colour with setcmykcolor, pure black as 0 0 0 1.
 */
export function designToEps(design: Design, options: EpsOptions = {}): string {
  const model = vectorModel(design);
  const width = options.width ?? design.pixelWidth * POINTS_PER_PIXEL;
  const scale = width / model.width;
  const height = model.height * scale;
  const shaded = model.layers.some((layer) => layer.kind === 'path' && layer.paint.gradient);
  const bg = design.style.background;
  const background = bg.color === 'transparent' ? '#ffffff' : (bg.gradient?.stops[0]?.color ?? bg.color);
  let body = '';
  for (const layer of model.layers) {
    if (layer.kind === 'image') {
      body += psImage(layer, background, options);
      continue;
    }
    const path = psPath(pathSegments(layer.d, layer.transform));
    const { gradient, color } = layer.paint;
    if (gradient) {
      body += `gsave newpath\n${path}clip newpath\n${psShading(gradient, layer.box, options)} shfill grestore\n`;
    } else {
      body += `${colorOperator(color, options)} newpath\n${path}f\n`;
    }
  }
  return (
    '%!PS-Adobe-3.0 EPSF-3.0\n' +
    `%%BoundingBox: 0 0 ${Math.ceil(width)} ${Math.ceil(height)}\n` +
    `%%HiResBoundingBox: 0 0 ${fmt(width)} ${fmt(height)}\n` +
    '%%Creator: RQ Codes\n' +
    `%%LanguageLevel: ${shaded ? 3 : 2}\n` +
    `%%DocumentData: Clean7Bit\n` +
    '%%Pages: 1\n' +
    '%%EndComments\n' +
    '%%Page: 1 1\n' +
    // Short operator names in a dictionary of our own, so nothing leaks into the importing page.
    'save 5 dict begin\n' +
    '/m { moveto } bind def /l { lineto } bind def /c { curveto } bind def /h { closepath } bind def /f { fill } bind def\n' +
    // Module units, y down, as the SVG: one flip here and every path is written as the SVG's.
    `0 ${fmt(height)} translate ${fmt(scale)} ${fmt(-scale)} scale\n` +
    body +
    'end restore\nshowpage\n%%EOF\n'
  );
}
