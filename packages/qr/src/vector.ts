import { normalizeHex } from './color.js';
import type { Design } from './design.js';
import { cornerDotPath, cornerSquarePath, dotsPath } from './shapes.js';
import type { Gradient, Paint } from './style.js';
import { drawnModules, finderOrigins, frameGeometry } from './svg.js';

/**
 * The design as the vector formats (PDF, EPS) draw it: the same layers, in the same order and from
 * the same path data as the SVG renderer, in module units with y down. Each format only turns the
 * layers into its own operators.
 */

/** The smallest quiet zone print output keeps, in modules (ISO/IEC 18004 asks for 4). */
export const PRINT_QUIET_ZONE = 4;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A filled path; a gradient paint spans `box` (in module units), as the SVG's gradient does. */
export interface PathLayer {
  kind: 'path';
  paint: Paint;
  box: Box;
  d: string;
  /** Scale, then offset, of the path data (the frame text is in font units). */
  transform?: { scale: number; x: number; y: number };
}

/** The logo image, fitted into a square (keeping its aspect ratio, centred). */
export interface ImageLayer {
  kind: 'image';
  src: string;
  x: number;
  y: number;
  side: number;
}

export type Layer = PathLayer | ImageLayer;

export interface VectorModel {
  /** Size of the whole image in modules. */
  width: number;
  height: number;
  layers: Layer[];
}

/** The colour a light patch over the logo takes: the background's (its first stop), or white when transparent. */
function lightPaint(design: Design): Paint {
  const { background } = design.style;
  if (background.color === 'transparent' && !background.gradient) return { color: '#ffffff', gradient: null };
  return background;
}

function frameLayers(design: Design): Layer[] {
  const frame = design.style.frame;
  if (!frame) return [];
  const { whole, ring, text, scale, x, baseline } = frameGeometry(design, frame.text);
  const textBox = {
    x,
    y: baseline - text.capHeight * scale,
    w: text.width * scale,
    h: text.capHeight * scale,
  };
  return [
    { kind: 'path', paint: { color: frame.color, gradient: frame.gradient }, box: whole, d: ring },
    {
      kind: 'path',
      paint: { color: frame.textColor, gradient: frame.textGradient },
      box: textBox,
      d: text.d,
      transform: { scale, x, y: baseline },
    },
  ];
}

function logoLayers(design: Design): Layer[] {
  const { logo } = design;
  if (!logo || !design.style.logo) return [];
  const inset = Math.min(design.style.logo.margin, logo.side / 4);
  const side = logo.side - 2 * inset;
  const layers: Layer[] = [
    {
      kind: 'image',
      src: design.style.logo.src,
      x: design.originX + logo.start + inset,
      y: design.originY + logo.start + inset,
      side,
    },
  ];
  if (logo.keep.length === 0) return layers;
  let patches = '';
  for (const [row, col] of logo.keep) {
    patches += `M${design.originX + col - 3} ${design.originY + row - 3}h7v7h-7z`;
  }
  const pad = design.framePad;
  const symbolSide = design.width - 2 * pad;
  layers.push({
    kind: 'path',
    paint: lightPaint(design),
    box: { x: pad, y: pad, w: symbolSide, h: symbolSide },
    d: patches,
  });
  return layers;
}

/** The layers of a laid-out design, bottom first. */
export function vectorModel(design: Design): VectorModel {
  const { style, matrix } = design;
  const symbolBox = { x: design.originX, y: design.originY, w: matrix.size, h: matrix.size };
  const layers: Layer[] = [];
  const { background } = style;
  if (background.color !== 'transparent' || background.gradient) {
    const pad = design.framePad;
    const side = design.width - 2 * pad;
    layers.push({
      kind: 'path',
      paint: background,
      box: { x: pad, y: pad, w: side, h: side },
      d: `M${pad} ${pad}h${side}v${side}h${-side}z`,
    });
  }
  layers.push(...frameLayers(design), ...logoLayers(design));
  let squares = '';
  let centres = '';
  for (const [x, y] of finderOrigins(design)) {
    squares += cornerSquarePath(style.cornerSquares.type, x, y);
    centres += cornerDotPath(style.cornerDots.type, x, y, style.cornerSquares.type);
  }
  const dots = dotsPath(drawnModules(design), matrix.size, style.dots.type, design.originX, design.originY);
  layers.push(
    { kind: 'path', paint: style.dots, box: symbolBox, d: dots },
    { kind: 'path', paint: style.cornerSquares, box: symbolBox, d: squares },
    { kind: 'path', paint: style.cornerDots, box: symbolBox, d: centres },
  );
  return { width: design.width, height: design.height, layers };
}

// ---------------------------------------------------------------------------------------------
// Path data to absolute move, line and cubic segments (what PDF and PostScript both draw).

export type Segment =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: 'Z' };

const TOKEN = /[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/** An elliptical arc (SVG's endpoint form) as cubic curves, at most a quarter turn each. */
function arcSegments(
  x0: number,
  y0: number,
  rx: number,
  ry: number,
  rotation: number,
  large: boolean,
  sweep: boolean,
  x: number,
  y: number,
): Segment[] {
  if (rx === 0 || ry === 0 || (x0 === x && y0 === y)) return [{ op: 'L', x, y }];
  const phi = (rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x0 - x) / 2;
  const dy = (y0 - y) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  let a = Math.abs(rx);
  let b = Math.abs(ry);
  const lambda = (x1p * x1p) / (a * a) + (y1p * y1p) / (b * b);
  if (lambda > 1) {
    a *= Math.sqrt(lambda);
    b *= Math.sqrt(lambda);
  }
  const num = a * a * b * b - a * a * y1p * y1p - b * b * x1p * x1p;
  const den = a * a * y1p * y1p + b * b * x1p * x1p;
  let factor = Math.sqrt(Math.max(0, num / den));
  if (large === sweep) factor = -factor;
  const cxp = (factor * a * y1p) / b;
  const cyp = (-factor * b * x1p) / a;
  const cx = cos * cxp - sin * cyp + (x0 + x) / 2;
  const cy = sin * cxp + cos * cyp + (y0 + y) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => {
    const value = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return value;
  };
  const theta1 = angle(1, 0, (x1p - cxp) / a, (y1p - cyp) / b);
  let delta = angle((x1p - cxp) / a, (y1p - cyp) / b, (-x1p - cxp) / a, (-y1p - cyp) / b);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const parts = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number) => {
    const px = a * Math.cos(t);
    const py = b * Math.sin(t);
    return [cos * px - sin * py + cx, sin * px + cos * py + cy] as const;
  };
  const derivative = (t: number) => {
    const px = -a * Math.sin(t);
    const py = b * Math.cos(t);
    return [cos * px - sin * py, sin * px + cos * py] as const;
  };
  const segments: Segment[] = [];
  for (let i = 0; i < parts; i++) {
    const t1 = theta1 + i * step;
    const t2 = t1 + step;
    const [p1x, p1y] = point(t1);
    const [d1x, d1y] = derivative(t1);
    const [p2x, p2y] = i === parts - 1 ? [x, y] : point(t2);
    const [d2x, d2y] = derivative(t2);
    segments.push({
      op: 'C',
      x1: p1x + k * d1x,
      y1: p1y + k * d1y,
      x2: p2x - k * d2x,
      y2: p2y - k * d2y,
      x: p2x,
      y: p2y,
    });
  }
  return segments;
}

/**
 * SVG path data (the commands our renderer and font write: M L H V C Q A Z, absolute or relative)
 * as absolute segments, with `transform` applied.
 */
export function pathSegments(d: string, transform?: { scale: number; x: number; y: number }): Segment[] {
  const tokens = d.match(TOKEN) ?? [];
  const s = transform?.scale ?? 1;
  const tx = transform?.x ?? 0;
  const ty = transform?.y ?? 0;
  const out: Segment[] = [];
  let i = 0;
  let command = '';
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const next = () => Number(tokens[i++]);
  const map = (px: number, py: number) => [px * s + tx, py * s + ty] as const;
  const line = (nx: number, ny: number) => {
    x = nx;
    y = ny;
    const [mx, my] = map(x, y);
    out.push({ op: 'L', x: mx, y: my });
  };
  while (i < tokens.length) {
    const token = tokens[i] as string;
    if (/[a-zA-Z]/.test(token)) {
      command = token;
      i++;
      if (command === 'Z' || command === 'z') {
        out.push({ op: 'Z' });
        x = startX;
        y = startY;
        continue;
      }
    }
    const relative = command === command.toLowerCase();
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    switch (command.toUpperCase()) {
      case 'M': {
        x = ox + next();
        y = oy + next();
        startX = x;
        startY = y;
        const [mx, my] = map(x, y);
        out.push({ op: 'M', x: mx, y: my });
        // Pairs after a moveto are linetos.
        command = relative ? 'l' : 'L';
        break;
      }
      case 'L':
        line(ox + next(), oy + next());
        break;
      case 'H':
        line((relative ? x : 0) + next(), y);
        break;
      case 'V':
        line(x, (relative ? y : 0) + next());
        break;
      case 'C': {
        const c1 = map(ox + next(), oy + next());
        const c2 = map(ox + next(), oy + next());
        x = ox + next();
        y = oy + next();
        const [mx, my] = map(x, y);
        out.push({ op: 'C', x1: c1[0], y1: c1[1], x2: c2[0], y2: c2[1], x: mx, y: my });
        break;
      }
      case 'Q': {
        const qx = ox + next();
        const qy = oy + next();
        const ex = ox + next();
        const ey = oy + next();
        const c1 = map(x + ((qx - x) * 2) / 3, y + ((qy - y) * 2) / 3);
        const c2 = map(ex + ((qx - ex) * 2) / 3, ey + ((qy - ey) * 2) / 3);
        x = ex;
        y = ey;
        const [mx, my] = map(x, y);
        out.push({ op: 'C', x1: c1[0], y1: c1[1], x2: c2[0], y2: c2[1], x: mx, y: my });
        break;
      }
      case 'A': {
        const rx = next();
        const ry = next();
        const rotation = next();
        const large = next() !== 0;
        const sweep = next() !== 0;
        const ex = ox + next();
        const ey = oy + next();
        const [sx, sy] = map(x, y);
        const [mx, my] = map(ex, ey);
        out.push(...arcSegments(sx, sy, rx * s, ry * s, rotation, large, sweep, mx, my));
        x = ex;
        y = ey;
        break;
      }
      default:
        throw new Error(`path command ${command} is not drawn by the vector renderers`);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Colours

export interface ColorOptions {
  /** CMYK colours (pure black as 0 0 0 1) instead of RGB. */
  cmyk?: boolean;
}

/** An sRGB hex colour as 0..1 components. */
export function rgbOf(color: string): [number, number, number] {
  const value = Number.parseInt(normalizeHex(color).slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/**
 * An sRGB colour as naive CMYK (no ICC profile): black generation takes all the grey, so #000000
 * is exactly 0 0 0 1, the rich-black-free black print shops ask for, and white is 0 0 0 0.
 */
export function cmykOf(color: string): [number, number, number, number] {
  const [r, g, b] = rgbOf(color);
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return [0, 0, 0, 1];
  return [(1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k];
}

/** The components of a colour in the chosen space, rounded for the page description. */
export function componentsOf(color: string, options: ColorOptions): number[] {
  const raw = options.cmyk ? cmykOf(color) : rgbOf(color);
  return raw.map((c) => Math.round(c * 10000) / 10000);
}

/** Where a gradient runs across its box, as the SVG renderer places it. */
export function gradientGeometry(
  gradient: Gradient,
  box: Box,
):
  | { type: 'linear'; coords: [number, number, number, number] }
  | { type: 'radial'; coords: [number, number, number, number, number, number] } {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  if (gradient.type === 'radial') {
    const r = Math.sqrt(box.w * box.w + box.h * box.h) / 2;
    return { type: 'radial', coords: [cx, cy, 0, cx, cy, r] };
  }
  const angle = ((gradient.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const half = (Math.abs(cos) * box.w + Math.abs(sin) * box.h) / 2;
  return { type: 'linear', coords: [cx - cos * half, cy - sin * half, cx + cos * half, cy + sin * half] };
}

/** A number for a page description: at most 4 decimals, no exponent. */
export function fmt(n: number): string {
  const rounded = Math.round(n * 10000) / 10000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/**
 * A style with the quiet zone print asks for: a margin under PRINT_QUIET_ZONE modules is raised to it
 * (screens may go down to 2; a printed code sits next to anything).
 */
export function withPrintQuietZone(style: unknown): Record<string, unknown> {
  const base = typeof style === 'object' && style !== null ? (style as Record<string, unknown>) : {};
  const margin = typeof base.margin === 'number' ? base.margin : PRINT_QUIET_ZONE;
  return { ...base, margin: Math.max(margin, PRINT_QUIET_ZONE) };
}
