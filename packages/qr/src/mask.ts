/**
 * Mask choice done on typed arrays. node-qrcode's own search is about three quarters of its `create()`
 * time; this computes the very same penalties (its N1..N4 as written) so the chosen mask, and therefore
 * the symbol, is identical to `QRCode.create()` without a fixed mask.
 */

const maskCache = new Map<number, Uint8Array[]>();

function maskBit(pattern: number, i: number, j: number): boolean {
  switch (pattern) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0;
  }
}

/** Per version: for each pattern, 1 where the mask flips a (non-reserved) module. */
function masksFor(version: number, size: number, reserved: Uint8Array): Uint8Array[] {
  const cached = maskCache.get(version);
  if (cached) return cached;
  const masks: Uint8Array[] = [];
  for (let p = 0; p < 8; p++) {
    const mask = new Uint8Array(size * size);
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const k = r * size + c;
        if (!reserved[k] && maskBit(p, r, c)) mask[k] = 1;
      }
    }
    masks.push(mask);
  }
  maskCache.set(version, masks);
  return masks;
}

const G15 = 0b10100110111;
const G15_MASK = 0b101010000010010;

function formatBits(levelBit: number, mask: number): number {
  const data = (levelBit << 3) | mask;
  let d = data << 10;
  for (let bit = 14; bit >= 10; bit--) if ((d >> bit) & 1) d ^= G15 << (bit - 10);
  return ((data << 10) | d) ^ G15_MASK;
}

function writeFormatInfo(m: Uint8Array, size: number, levelBit: number, mask: number): void {
  const bits = formatBits(levelBit, mask);
  for (let i = 0; i < 15; i++) {
    const v = (bits >> i) & 1;
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    m[row * size + 8] = v;
    const col = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i;
    m[8 * size + col] = v;
  }
  m[(size - 8) * size + 8] = 1;
}

/** N1 (runs of five or more) and N3 (finder-like 1011101 with four light) along rows, or along columns. */
function linePenalty(m: Uint8Array, size: number, alongRows: boolean): number {
  const major = alongRows ? size : 1;
  const minor = alongRows ? 1 : size;
  let points = 0;
  for (let a = 0; a < size; a++) {
    let k = a * major;
    let run = 0;
    let last = -1;
    let bits = 0;
    for (let b = 0; b < size; b++, k += minor) {
      const v = m[k] as number;
      if (v === last) run++;
      else {
        if (run >= 5) points += run - 2;
        last = v;
        run = 1;
      }
      bits = ((bits << 1) & 0x7ff) | v;
      if (b >= 10 && (bits === 0x5d0 || bits === 0x05d)) points += 40;
    }
    if (run >= 5) points += run - 2;
  }
  return points;
}

/** N2 (2x2 blocks of one colour) and N4 (dark share away from half). */
function areaPenalty(m: Uint8Array, size: number): number {
  let points = 0;
  let dark = 0;
  for (let k = 0; k < m.length; k++) dark += m[k] as number;
  points += Math.abs(Math.ceil((dark * 100) / m.length / 5) - 10) * 10;
  for (let r = 0; r < size - 1; r++) {
    const row = r * size;
    for (let c = 0; c < size - 1; c++) {
      const sum =
        (m[row + c] as number) +
        (m[row + c + 1] as number) +
        (m[row + size + c] as number) +
        (m[row + size + c + 1] as number);
      if (sum === 4 || sum === 0) points += 3;
    }
  }
  return points;
}

/** node-qrcode's penalty, stopping once it reaches `limit` (such a mask cannot win any more). */
function penalty(m: Uint8Array, size: number, limit: number): number {
  let points = areaPenalty(m, size);
  if (points >= limit) return points;
  points += linePenalty(m, size, true);
  if (points >= limit) return points;
  return points + linePenalty(m, size, false);
}

/**
 * Takes a symbol built with mask 0 and rewrites it in place with the best mask by node-qrcode's rule
 * (lowest penalty, first on ties). Returns the chosen mask.
 */
export function applyBestMask(
  modules: Uint8Array,
  reserved: Uint8Array,
  size: number,
  version: number,
  levelBit: number,
): number {
  const masks = masksFor(version, size, reserved);
  const mask0 = masks[0] as Uint8Array;
  const raw = new Uint8Array(modules.length);
  for (let k = 0; k < raw.length; k++) raw[k] = (modules[k] as number) ^ (mask0[k] as number);
  const work = new Uint8Array(modules.length);
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let p = 0; p < 8; p++) {
    const mask = masks[p] as Uint8Array;
    for (let k = 0; k < work.length; k++) work[k] = (raw[k] as number) ^ (mask[k] as number);
    writeFormatInfo(work, size, levelBit, p);
    const score = penalty(work, size, lowest);
    if (score < lowest) {
      lowest = score;
      best = p;
    }
  }
  const chosen = masks[best] as Uint8Array;
  for (let k = 0; k < modules.length; k++) modules[k] = (raw[k] as number) ^ (chosen[k] as number);
  writeFormatInfo(modules, size, levelBit, best);
  return best;
}
