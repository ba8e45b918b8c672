import { CAPTION_FONT_COUNT, captionFont, captionFontCovers } from './caption-fonts.js';
import { type CaptionRun, captionRuns, mirrored } from './caption-runs.js';
import { fmt } from './vector.js';

/**
 * One line of caption text in a PDF, in any script the caption fonts cover: each character in the
 * first font that has it, embedded and subset by PDFKit, shaped by fontkit (Arabic joins, ligatures),
 * runs of both directions in their visual order. Each cluster of glyphs carries what was typed as
 * its ActualText, so copying or extracting the text (pdftotext) gives the caption back exactly,
 * even where one glyph stands for several letters or a letter is drawn as a base and a mark.
 *
 * PDFKit's own `text()` cannot do this: it shapes word by word (putting right-to-left words in
 * left-to-right order) and writes no ActualText. So the glyphs are shaped through PDFKit's embedded
 * font (which keeps the subset and the ToUnicode map) and shown with operators written here.
 */

/** What PDFKit's embedded font (`doc._font` after `doc.font()`) offers; not in its typings. */
interface EmbeddedFont {
  id: string;
  /** In thousandths of the font size. */
  ascender: number;
  ref(): unknown;
  layout(
    text: string,
    features: object,
  ): { glyphs: Array<{ codePoints: number[] }>; direction: 'ltr' | 'rtl' };
  /** The glyphs as hex codes of the subset, with positions in thousandths of the font size. */
  encode(text: string, features: object): [string[], GlyphPosition[]];
}

interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

interface PdfDocument extends PDFKit.PDFDocument {
  _font: EmbeddedFont;
  page: PDFKit.PDFPage & { fonts: Record<string, unknown> };
}

/**
 * A features object (even empty) makes PDFKit shape a run whole rather than word by word; a new
 * one each time, since fontkit adds the features it applies to it.
 */
const wholeRun = (): Record<string, boolean> => ({});

interface ShownGlyph {
  hex: string;
  /** Pen position and offsets, in thousandths of the font size. */
  x: number;
  dx: number;
  dy: number;
}

/** Glyphs shown for what was typed as `text`. */
interface Cluster {
  text: string;
  /** The glyphs of the typed characters themselves. */
  glyphs: ShownGlyph[];
  /**
   * Glyphs shaping added (the dots or hamza of a letter drawn as base and mark): they stand for
   * nothing typed (empty in the ToUnicode map), and stay out of the ActualText span, whose extent a
   * reader takes from its first and last glyph: a mark set off to one side would read as a space.
   */
  marks: ShownGlyph[];
}

interface ShapedRun {
  font: EmbeddedFont;
  rtl: boolean;
  clusters: Cluster[];
  /** In thousandths of the font size. */
  width: number;
}

export class CaptionWriter {
  private readonly registered = new Set<string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /**
   * Draws `text` centred in `width` points with its top at `y`, cut (with "…") to fit. `color`
   * is the fill colour operator.
   */
  draw(text: string, x: number, y: number, width: number, size: number, color: string): void {
    const line = this.fitted(text.normalize('NFC'), (width * 1000) / size);
    if (!line) return;
    const doc = this.doc as PdfDocument;
    const ascender = Math.max(...line.runs.map((run) => run.font.ascender));
    const baseline = doc.page.height - (y + (ascender * size) / 1000);
    const left = x + (width - (line.width * size) / 1000) / 2;
    doc.save();
    // PDFKit draws with y down from the top; text is set in PDF's own space, y up.
    doc.transform(1, 0, 0, -1, 0, doc.page.height);
    doc.addContent(color);
    doc.addContent('BT');
    let pen = 0;
    for (const run of line.runs) {
      doc.page.fonts[run.font.id] ??= run.font.ref();
      doc.addContent(`/${run.font.id} ${fmt(size)} Tf`);
      if (run.rtl) doc.markContent('ReversedChars');
      const show = (glyph: ShownGlyph) => {
        const gx = left + ((pen + glyph.x + glyph.dx) * size) / 1000;
        const gy = baseline + (glyph.dy * size) / 1000;
        doc.addContent(`1 0 0 1 ${fmt(gx)} ${fmt(gy)} Tm <${glyph.hex}> Tj`);
      };
      for (const cluster of run.clusters) {
        doc.markContent('Span', { actual: cluster.text });
        cluster.glyphs.forEach(show);
        doc.endMarkedContent();
        cluster.marks.forEach(show);
      }
      if (run.rtl) doc.endMarkedContent();
      pen += run.width;
    }
    doc.addContent('ET');
    doc.restore();
  }

  /** The longest start of `text` (whole graphemes, with "…" when cut) that fits `room`. */
  private fitted(text: string, room: number): { runs: ShapedRun[]; width: number } | undefined {
    const whole = this.shaped(text);
    if (whole.width <= room) return whole;
    const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (part) => part.segment,
    );
    // Binary search: shaping changes with the cut (a final Arabic letter joins differently).
    let fits = 0;
    let tooLong = graphemes.length;
    let best = this.shaped('…');
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      const candidate = this.shaped(`${graphemes.slice(0, middle).join('').trimEnd()}…`);
      if (candidate.width <= room) {
        fits = middle;
        best = candidate;
      } else {
        tooLong = middle;
      }
    }
    return best.width <= room ? best : undefined;
  }

  private shaped(text: string): { runs: ShapedRun[]; width: number } {
    const runs = captionRuns(text, captionFontCovers, CAPTION_FONT_COUNT).map((run) => this.shapeRun(run));
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  }

  private shapeRun(run: CaptionRun): ShapedRun {
    const font = this.select(run.font);
    let shownText = run.text;
    let { glyphs, direction } = font.layout(shownText, wholeRun());
    // fontkit orders glyphs by the script's direction; the bidi level decides. Where they differ
    // (punctuation inside Arabic, Arabic-Indic digits), the clusters are turned round here, and a
    // right-to-left run shows the mirror image of brackets.
    const turned = (direction === 'rtl') !== run.rtl;
    if (turned && run.rtl) {
      shownText = [...run.text].map(mirrored).join('');
      ({ glyphs, direction } = font.layout(shownText, wholeRun()));
    }
    const [hex, positions] = font.encode(shownText, wholeRun());
    const groups = clusterIndices(glyphs, direction);
    if (turned) groups.reverse();
    let pen = 0;
    const clusters = groups.map((indices): Cluster => {
      const cluster: Cluster = { text: '', glyphs: [], marks: [] };
      for (const i of indices) {
        const position = positions[i] as GlyphPosition;
        const glyph = { hex: hex[i] as string, x: pen, dx: position.xOffset, dy: position.yOffset };
        pen += position.xAdvance;
        const typed = glyphs[i]?.codePoints ?? [];
        if (typed.length === 0) cluster.marks.push(glyph);
        else {
          cluster.glyphs.push(glyph);
          cluster.text += String.fromCodePoint(...typed);
        }
      }
      if (turned && run.rtl) cluster.text = [...cluster.text].map(mirrored).join('');
      return cluster;
    });
    return { font, rtl: run.rtl, clusters, width: pen };
  }

  /** Registers caption font `index` with the document once, and makes it PDFKit's current font. */
  private select(index: number): EmbeddedFont {
    const { name, bytes } = captionFont(index);
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, bytes);
      this.registered.add(name);
    }
    this.doc.font(name);
    return (this.doc as PdfDocument)._font;
  }
}

/**
 * The glyphs of each typed cluster, in the order fontkit gives them. A glyph fontkit added while
 * shaping (the mark of a letter drawn as base and mark) has no code points of its own and belongs
 * to the letter before it in typed order, which is after it in a right-to-left run.
 */
function clusterIndices(
  glyphs: ReadonlyArray<{ codePoints: number[] }>,
  direction: 'ltr' | 'rtl',
): number[][] {
  const typedOrder = glyphs.map((_, i) => i);
  if (direction === 'rtl') typedOrder.reverse();
  const groups: number[][] = [];
  for (const i of typedOrder) {
    const last = groups.at(-1);
    if (last && (glyphs[i]?.codePoints.length ?? 0) === 0) last.push(i);
    else groups.push([i]);
  }
  if (direction === 'rtl') for (const group of groups.reverse()) group.reverse();
  return groups;
}
