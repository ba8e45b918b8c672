/** sRGB colours as `#rgb` or `#rrggbb`; contrast by the WCAG formula. */

export function normalizeHex(color: string): string {
  const hex = color.toLowerCase();
  if (hex.length === 4) return `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`;
  return hex;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of an 8-bit sRGB triple, 0 (black) to 1 (white). */
export function luminanceOfRgb(r: number, g: number, b: number): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function luminanceOfHex(color: string): number {
  const hex = normalizeHex(color);
  const value = Number.parseInt(hex.slice(1), 16);
  return luminanceOfRgb((value >> 16) & 255, (value >> 8) & 255, value & 255);
}

/** WCAG contrast ratio of two luminances, 1 to 21. */
export function contrastRatio(a: number, b: number): number {
  const light = Math.max(a, b);
  const dark = Math.min(a, b);
  return (light + 0.05) / (dark + 0.05);
}
