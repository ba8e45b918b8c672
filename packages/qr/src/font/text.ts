import { StyleError } from '../errors.js';
import { CAP_HEIGHT, GLYPHS, UNITS_PER_EM } from './glyphs.js';

const glyphs = new Map<number, { advance: number; path: string }>();
for (const [code, advance, path] of GLYPHS) glyphs.set(code, { advance, path });

/**
 * The text as drawn: NFC, so a letter typed with a combining accent (e + U+0301) is the composed letter
 * the font has (é).
 */
function normalized(text: string): string {
  return text.normalize('NFC');
}

/** `"ł" (U+0142)`: the character as JSON (so invisible ones show) and its code point. */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `${JSON.stringify(char)} (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

/** Characters of `text` the embedded font cannot draw, each listed once, described with their code point. */
export function missingGlyphs(text: string): string[] {
  const missing = new Set<string>();
  for (const char of normalized(text)) {
    if (!glyphs.has(char.codePointAt(0) ?? 0)) missing.add(describeCharacter(char));
  }
  return [...missing];
}

export interface TextOutline {
  /** Path data in font units, baseline at y = 0, starting at x = 0. */
  d: string;
  width: number;
  capHeight: number;
  unitsPerEm: number;
}

/**
 * Turns text into one path with the embedded font, so browsers and resvg draw the same shapes. A
 * character the font lacks is an error, never left out: the style check refuses such text first.
 */
export function outlineText(text: string): TextOutline {
  let d = '';
  let pen = 0;
  for (const char of normalized(text)) {
    const glyph = glyphs.get(char.codePointAt(0) ?? 0);
    if (!glyph) {
      const message = `the frame font cannot draw ${describeCharacter(char)}`;
      throw new StyleError([{ path: '/style/frame/text', message, reason: 'glyph_missing' }]);
    }
    if (glyph.path) d += `M${pen} 0${glyph.path}`;
    pen += glyph.advance;
  }
  return { d, width: pen, capHeight: CAP_HEIGHT, unitsPerEm: UNITS_PER_EM };
}
