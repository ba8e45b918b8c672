import { createDesign, type Design } from './design.js';
import { outlineText } from './font/text.js';
import { logoHref } from './logo.js';
import { cornerDotPath, cornerSquarePath, dotsPath, roundedRect } from './shapes.js';
import type { Gradient, Paint } from './style.js';

export interface SvgOptions {
  /** Prefix of the gradient ids, to keep several SVGs apart when inlined in one page. Default `rq`. */
  idPrefix?: string;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A gradient in user space over `box`, or in the bounding box of the shape when `box` is null. */
function gradientDef(id: string, gradient: Gradient, box: Box | null): string {
  const units = box ? ' gradientUnits="userSpaceOnUse"' : '';
  const b = box ?? { x: 0, y: 0, w: 1, h: 1 };
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const stops = gradient.stops
    .map((stop) => `<stop offset="${stop.offset}" stop-color="${stop.color}"/>`)
    .join('');
  if (gradient.type === 'radial') {
    const r = Math.sqrt(b.w * b.w + b.h * b.h) / 2;
    return `<radialGradient id="${id}"${units} cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}">${stops}</radialGradient>`;
  }
  const angle = ((gradient.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const half = (Math.abs(cos) * b.w + Math.abs(sin) * b.h) / 2;
  return `<linearGradient id="${id}"${units} x1="${round(cx - cos * half)}" y1="${round(cy - sin * half)}" x2="${round(cx + cos * half)}" y2="${round(cy + sin * half)}">${stops}</linearGradient>`;
}

class Painter {
  defs = '';
  constructor(private readonly prefix: string) {}

  /** The `fill` value for a paint; gradients are added to the defs once per layer. */
  fill(layer: string, paint: Paint, box: Box | null): string {
    if (!paint.gradient) return paint.color;
    const id = `${this.prefix}-${layer}`;
    this.defs += gradientDef(id, paint.gradient, box);
    // Unquoted: resvg draws url('#id') as solid black.
    return `url(#${id})`;
  }
}

export function finderOrigins(design: Design): Array<[number, number]> {
  const { originX: x, originY: y } = design;
  const far = design.matrix.size - 7;
  return [
    [x, y],
    [x + far, y],
    [x, y + far],
  ];
}

/** 1 for every dark module drawn as a dot: not in a finder pattern and not under the logo. */
export function drawnModules(design: Design): Uint8Array {
  const { size, modules } = design.matrix;
  const on = Uint8Array.from(modules);
  const clear = (r0: number, c0: number, n: number) => {
    for (let r = r0; r < r0 + n; r++) on.fill(0, r * size + c0, r * size + c0 + n);
  };
  clear(0, 0, 7);
  clear(0, size - 7, 7);
  clear(size - 7, 0, 7);
  if (design.logo) {
    clear(design.logo.start, design.logo.start, design.logo.side);
    for (const [row, col] of design.logo.keep) {
      for (let r = row - 2; r <= row + 2; r++) {
        for (let c = col - 2; c <= col + 2; c++) on[r * size + c] = modules[r * size + c] as number;
      }
    }
  }
  return on;
}

/**
 * Where a frame's parts go (the SVG and the vector writers draw the same frame): the ring round the
 * symbol, and the text's outline scaled to the band below it (smaller when it would not fit the
 * width), centred, with its baseline in the middle of the band.
 */
export function frameGeometry(design: Design, text: string) {
  const { width, height, framePad: pad, frameBand: band } = design;
  const symbol = width - 2 * pad;
  const whole = { x: 0, y: 0, w: width, h: height };
  const ring = roundedRect(0, 0, width, height, pad * 1.5) + roundedRect(pad, pad, symbol, symbol, 0, false);
  const outline = outlineText(text);
  let scale = (band * 0.42) / outline.capHeight;
  const maxWidth = width - 2 * pad - 1;
  if (outline.width * scale > maxWidth) scale = maxWidth / outline.width;
  const x = (width - outline.width * scale) / 2;
  const baseline = pad + symbol + band / 2 + (outline.capHeight * scale) / 2;
  return { whole, ring, text: outline, scale, x, baseline };
}

function frameSvg(design: Design, painter: Painter): string {
  const frame = design.style.frame;
  if (!frame) return '';
  const { whole, ring, text, scale, x, baseline } = frameGeometry(design, frame.text);
  const ringFill = painter.fill('frame', { color: frame.color, gradient: frame.gradient }, whole);
  const textFill = painter.fill('text', { color: frame.textColor, gradient: frame.textGradient }, null);
  const s = round(scale);
  return (
    `<path fill="${ringFill}" d="${ring}"/>` +
    `<path fill="${textFill}" transform="matrix(${s} 0 0 ${s} ${round(x)} ${round(baseline)})" d="${text.d}"/>`
  );
}

/** The background square, and the fill of the light patches drawn over a logo (white when transparent). */
function backgroundSvg(design: Design, painter: Painter): { svg: string; light: string } {
  const { background } = design.style;
  if (background.color === 'transparent' && !background.gradient) return { svg: '', light: '#ffffff' };
  const pad = design.framePad;
  const side = design.width - 2 * pad;
  const fill = painter.fill('bg', background, { x: pad, y: pad, w: side, h: side });
  return {
    svg: `<path fill="${fill}" shape-rendering="crispEdges" d="M${pad} ${pad}h${side}v${side}h${-side}z"/>`,
    light: fill,
  };
}

/**
 * The logo, under the modules: an alignment pattern it covers gets a light patch one module larger
 * than the pattern, drawn over the image, and its modules are drawn on top with the other dots. Plain
 * painting order, no clip-path, so vector editors open the file as it looks.
 */
function logoSvg(design: Design, light: string): string {
  const { logo } = design;
  if (!logo || !design.style.logo) return '';
  const inset = Math.min(design.style.logo.margin, logo.side / 4);
  const side = logo.side - 2 * inset;
  const x = design.originX + logo.start + inset;
  const y = design.originY + logo.start + inset;
  const href = logoHref(design.style.logo.src);
  const image = `<image x="${round(x)}" y="${round(y)}" width="${round(side)}" height="${round(side)}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`;
  if (logo.keep.length === 0) return image;
  let patches = '';
  for (const [row, col] of logo.keep) {
    patches += `M${design.originX + col - 3} ${design.originY + row - 3}h7v7h-7z`;
  }
  return `${image}<path fill="${light}" shape-rendering="crispEdges" d="${patches}"/>`;
}

/** Draws a laid-out design as a standalone SVG document. */
export function designToSvg(design: Design, options: SvgOptions = {}): string {
  const { style, matrix } = design;
  const painter = new Painter(options.idPrefix ?? 'rq');
  const symbolBox = { x: design.originX, y: design.originY, w: matrix.size, h: matrix.size };
  const background = backgroundSvg(design, painter);
  const frame = frameSvg(design, painter);
  const dotsFill = painter.fill('dots', style.dots, symbolBox);
  const dots = dotsPath(drawnModules(design), matrix.size, style.dots.type, design.originX, design.originY);
  let squares = '';
  let centres = '';
  for (const [x, y] of finderOrigins(design)) {
    squares += cornerSquarePath(style.cornerSquares.type, x, y);
    centres += cornerDotPath(style.cornerDots.type, x, y, style.cornerSquares.type);
  }
  const squaresFill = painter.fill('cs', style.cornerSquares, symbolBox);
  const centresFill = painter.fill('cd', style.cornerDots, symbolBox);
  const crisp = (square: boolean) => (square ? ' shape-rendering="crispEdges"' : '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${design.pixelWidth}" height="${design.pixelHeight}" viewBox="0 0 ${design.width} ${design.height}">` +
    (painter.defs ? `<defs>${painter.defs}</defs>` : '') +
    background.svg +
    frame +
    logoSvg(design, background.light) +
    `<path fill="${dotsFill}"${crisp(style.dots.type === 'square')} d="${dots}"/>` +
    `<path fill="${squaresFill}"${crisp(style.cornerSquares.type === 'square')} d="${squares}"/>` +
    `<path fill="${centresFill}"${crisp(style.cornerDots.type === 'square' && style.cornerSquares.type !== 'dot')} d="${centres}"/>` +
    '</svg>'
  );
}

/**
 * Renders `data` with a style (validated, defaults filled) as a standalone SVG: no external references,
 * modules merged into one path per layer, the frame text as paths. Throws `StyleError`, `DataTooLongError`
 * or `QrError` (`invalid_logo`, `logo_fetch_required`).
 */
export function renderSvg(data: string, style?: unknown, options?: SvgOptions): string {
  return designToSvg(createDesign(data, style), options);
}
