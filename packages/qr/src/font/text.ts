import { CAP_HEIGHT, GLYPHS, UNITS_PER_EM } from './glyphs.js';

const glyphs = new Map<number, { advance: number; path: string }>();
for (const [code, advance, path] of GLYPHS) glyphs.set(code, { advance, path });

/** Characters of `text` the embedded font cannot draw, each listed once. */
export function missingGlyphs(text: string): string[] {
  const missing = new Set<string>();
  for (const char of text) if (!glyphs.has(char.codePointAt(0) ?? 0)) missing.add(JSON.stringify(char));
  return [...missing];
}

export interface TextOutline {
  /** Path data in font units, baseline at y = 0, starting at x = 0. */
  d: string;
  width: number;
  capHeight: number;
  unitsPerEm: number;
}

/** Turns text into one path with the embedded font, so browsers and resvg draw the same shapes. */
export function outlineText(text: string): TextOutline {
  let d = '';
  let pen = 0;
  for (const char of text) {
    const glyph = glyphs.get(char.codePointAt(0) ?? 0);
    if (!glyph) continue;
    if (glyph.path) d += `M${pen} 0${glyph.path}`;
    pen += glyph.advance;
  }
  return { d, width: pen, capHeight: CAP_HEIGHT, unitsPerEm: UNITS_PER_EM };
}
