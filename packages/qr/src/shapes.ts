import type { CornerDotType, CornerSquareType, DotType } from './style.js';

/** Path data in module units. Every outline runs clockwise, holes anticlockwise, so nonzero fill works. */

function num(n: number): string {
  const text = String(Math.round(n * 1000) / 1000);
  return text.replace(/^(-?)0\./, '$1.');
}

const tails = new Map<number, string>();

/** The outline of one module from its top-left corner plus its corner radii (0, 0.5 or 1). */
function moduleTail(tl: number, tr: number, br: number, bl: number): string {
  const key = tl * 1000 + tr * 100 + br * 10 + bl;
  const known = tails.get(key);
  if (known !== undefined) return known;
  let d = '';
  const top = 1 - tl - tr;
  const right = 1 - tr - br;
  const bottom = 1 - br - bl;
  const left = 1 - bl - tl;
  if (top > 0) d += `h${num(top)}`;
  if (tr > 0) d += `a${num(tr)} ${num(tr)} 0 0 1 ${num(tr)} ${num(tr)}`;
  if (right > 0) d += `v${num(right)}`;
  if (br > 0) d += `a${num(br)} ${num(br)} 0 0 1 ${num(-br)} ${num(br)}`;
  if (bottom > 0) d += `h${num(-bottom)}`;
  if (bl > 0) d += `a${num(bl)} ${num(bl)} 0 0 1 ${num(-bl)} ${num(-bl)}`;
  if (left > 0) d += `v${num(-left)}`;
  if (tl > 0) d += `a${num(tl)} ${num(tl)} 0 0 1 ${num(tl)} ${num(-tl)}`;
  d += 'z';
  tails.set(key, d);
  return d;
}

/** Corner radii of a module from which of its four neighbours are drawn too. */
function radii(
  type: DotType,
  l: boolean,
  r: boolean,
  t: boolean,
  b: boolean,
): [number, number, number, number] {
  switch (type) {
    case 'dots':
      return [0.5, 0.5, 0.5, 0.5];
    case 'rounded':
    case 'extra-rounded': {
      // A corner is rounded when neither side touching it has a neighbour; an elbow gets a quarter disc.
      const count = +l + +r + +t + +b;
      const elbow = type === 'extra-rounded' && count === 2 && l !== r ? 1 : 0.5;
      return [!l && !t ? elbow : 0, !r && !t ? elbow : 0, !r && !b ? elbow : 0, !l && !b ? elbow : 0];
    }
    case 'classy':
    case 'classy-rounded': {
      // Rounder than 0.75 and zbar misreads the thin lens shapes next to a logo.
      const radius = type === 'classy' ? 0.5 : 0.75;
      const lone = !l && !r && !t && !b;
      return [lone || (!l && !t) ? radius : 0, 0, lone || (!r && !b) ? radius : 0, 0];
    }
    default:
      return [0, 0, 0, 0];
  }
}

/**
 * One path for all drawn modules. `on[row * size + col]` is 1 for a module to draw. Runs of plain squares
 * in a row merge into one rectangle, which is all the square type ever draws.
 */
export function dotsPath(on: Uint8Array, size: number, type: DotType, ox: number, oy: number): string {
  let d = '';
  for (let row = 0; row < size; row++) {
    const base = row * size;
    let col = 0;
    while (col < size) {
      if (on[base + col] === 0) {
        col++;
        continue;
      }
      if (type === 'square') {
        const start = col;
        while (col < size && on[base + col] === 1) col++;
        d += `M${ox + start} ${oy + row}h${col - start}v1h${start - col}z`;
        continue;
      }
      const l = col > 0 && on[base + col - 1] === 1;
      const r = col + 1 < size && on[base + col + 1] === 1;
      const t = row > 0 && on[base - size + col] === 1;
      const b = row + 1 < size && on[base + size + col] === 1;
      const [tl, tr, br, bl] = radii(type, l, r, t, b);
      if (tl + tr + br + bl === 0) {
        // Extend over following modules that are plain squares too.
        const start = col;
        col++;
        while (col < size && on[base + col] === 1) {
          const nl = true;
          const nr = col + 1 < size && on[base + col + 1] === 1;
          const nt = row > 0 && on[base - size + col] === 1;
          const nb = row + 1 < size && on[base + size + col] === 1;
          const [a, bb, c, e] = radii(type, nl, nr, nt, nb);
          if (a + bb + c + e !== 0) break;
          col++;
        }
        d += `M${ox + start} ${oy + row}h${col - start}v1h${start - col}z`;
        continue;
      }
      d += `M${num(ox + col + tl)} ${oy + row}${moduleTail(tl, tr, br, bl)}`;
      col++;
    }
  }
  return d;
}

/** A rounded rectangle; `r` is clamped to half the side, which makes a circle of a square. */
export function roundedRect(x: number, y: number, w: number, h: number, r: number, clockwise = true): string {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  const a = num(radius);
  const innerW = w - 2 * radius;
  const innerH = h - 2 * radius;
  if (radius === 0) {
    return clockwise
      ? `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}z`
      : `M${num(x)} ${num(y)}v${num(h)}h${num(w)}v${num(-h)}z`;
  }
  const arc = (dx: number, dy: number) => `a${a} ${a} 0 0 ${clockwise ? 1 : 0} ${num(dx)} ${num(dy)}`;
  const h1 = innerW > 0 ? `h${num(innerW)}` : '';
  const h2 = innerW > 0 ? `h${num(-innerW)}` : '';
  const v1 = innerH > 0 ? `v${num(innerH)}` : '';
  const v2 = innerH > 0 ? `v${num(-innerH)}` : '';
  if (clockwise) {
    return `M${num(x + radius)} ${num(y)}${h1}${arc(radius, radius)}${v1}${arc(-radius, radius)}${h2}${arc(-radius, -radius)}${v2}${arc(radius, -radius)}z`;
  }
  return `M${num(x + radius)} ${num(y)}${arc(-radius, radius)}${v1}${arc(radius, radius)}${h1}${arc(radius, -radius)}${v2}${arc(-radius, -radius)}z`;
}

const CORNER_SQUARE_RADIUS: Record<CornerSquareType, number> = {
  square: 0,
  rounded: 1.5,
  'extra-rounded': 2.5,
  dot: 3.2,
};

/** The 7x7 outer ring of a finder pattern at (x, y). */
export function cornerSquarePath(type: CornerSquareType, x: number, y: number): string {
  const radius = CORNER_SQUARE_RADIUS[type];
  return roundedRect(x, y, 7, 7, radius) + roundedRect(x + 1, y + 1, 5, 5, Math.max(0, radius - 1), false);
}

/**
 * The 3x3 centre of a finder pattern whose ring starts at (x, y). Inside a round ring a square centre
 * gets softened corners: sharp ones come within 0.4 module of the ring, and zbar then misses the finder.
 */
export function cornerDotPath(type: CornerDotType, x: number, y: number, ring: CornerSquareType): string {
  const radius = type === 'dot' ? 1.5 : ring === 'dot' ? 1.1 : 0;
  return roundedRect(x + 2, y + 2, 3, 3, radius);
}
