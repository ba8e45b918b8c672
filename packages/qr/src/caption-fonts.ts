import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts print captions are set in: Noto Sans and its Arabic and Japanese siblings (SIL Open
 * Font License 1.1, as Google Fonts ships them in the @expo-google-fonts packages). A character takes
 * the first of them that has it (caption-runs.ts), so Latin, Greek and Cyrillic come from Noto Sans,
 * Arabic script from Noto Sans Arabic, and kana and kanji from Noto Sans JP (simplified Chinese,
 * Hangul, Thai and Hebrew are not covered: they print as the first font's missing-glyph box). Each is read, once a process, the first time a caption needs it: a sheet of Latin slugs
 * never opens the 5 MB Japanese font. PDFKit embeds only the glyphs a document draws.
 */
const CAPTION_FONT_FILES = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
] as const;

export const CAPTION_FONT_COUNT = CAPTION_FONT_FILES.length;

export interface CaptionFont {
  /** The name a document registers it under. */
  name: string;
  bytes: Buffer;
  font: fontkit.Font;
}

const require = createRequire(import.meta.url);
const loaded: Array<CaptionFont | undefined> = [];

export function captionFont(index: number): CaptionFont {
  const known = loaded[index];
  if (known) return known;
  const file = CAPTION_FONT_FILES[index];
  if (file === undefined) throw new RangeError(`no caption font ${index}`);
  const bytes = readFileSync(require.resolve(file));
  const font = fontkit.create(bytes) as fontkit.Font;
  const made = { name: `rq-caption-${index}`, bytes, font };
  loaded[index] = made;
  return made;
}

/** Whether caption font `index` has a glyph for the character. */
export function captionFontCovers(index: number, codePoint: number): boolean {
  return captionFont(index).font.hasGlyphForCodePoint(codePoint);
}
