import bidiModule from 'bidi-js';

/**
 * A caption split into the pieces a PDF draws: each piece one font of a fallback chain and one
 * direction, listed left to right as they appear on the page. Pure: which font has a glyph is
 * asked of `covers`.
 */
export interface CaptionRun {
  /** The font's place in the chain (0 is the first choice). */
  font: number;
  /** Right to left (an odd bidi level): the run's characters are shown in reverse order. */
  rtl: boolean;
  /** The run's characters in logical (typed) order. */
  text: string;
}

// bidi-js is CommonJS whose module.exports is the factory; its typings declare it as `exports.default`.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

/** Spaces, punctuation, digits and combining marks: they take the font of the text around them. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * Splits `text` into runs: each character goes to the first font of the chain that has it (the
 * first font when none does: it shows its missing-glyph box, never nothing), except that a shared
 * character stays in the font of the run before it when that font has it, so an Arabic or Japanese
 * phrase keeps its own spaces and punctuation. Directions are the Unicode Bidirectional Algorithm's
 * (bidi-js), the paragraph's taken from its first strong character; runs are put in visual order
 * by its rule L2.
 */
export function captionRuns(
  text: string,
  covers: (font: number, codePoint: number) => boolean,
  fonts: number,
) {
  const { levels } = bidi.getEmbeddingLevels(text);
  const runs: Array<CaptionRun & { level: number }> = [];
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    const level = levels[index] as number;
    index += char.length;
    const last = runs.at(-1);
    const keepsFont = last && last.level === level && SHARED.test(char) && covers(last.font, codePoint);
    const font = keepsFont ? last.font : firstCovering(codePoint, covers, fonts);
    if (last && last.font === font && last.level === level) last.text += char;
    else runs.push({ font, level, rtl: level % 2 === 1, text: char });
  }
  return visualOrder(runs).map(({ font, rtl, text: runText }) => ({ font, rtl, text: runText }));
}

function firstCovering(
  codePoint: number,
  covers: (font: number, codePoint: number) => boolean,
  fonts: number,
) {
  for (let font = 0; font < fonts; font++) if (covers(font, codePoint)) return font;
  return 0;
}

/** UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every stretch at that level or above. */
function visualOrder<T extends { level: number }>(runs: T[]): T[] {
  const ordered = [...runs];
  const highest = Math.max(0, ...ordered.map((run) => run.level));
  const oddLevels = ordered.map((run) => run.level).filter((level) => level % 2 === 1);
  const lowestOdd = oddLevels.length > 0 ? Math.min(...oddLevels) : highest + 1;
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < ordered.length; start++) {
      if ((ordered[start] as T).level < level) continue;
      let end = start;
      while (end + 1 < ordered.length && (ordered[end + 1] as T).level >= level) end++;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return ordered;
}

/** The character a right-to-left run shows for `char` ("(" becomes ")"), as the bidi algorithm's mirroring says. */
export function mirrored(char: string): string {
  return bidi.getMirroredCharacter(char) ?? char;
}
