import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { captionFontCovers } from './caption-fonts.js';
import { captionRuns } from './caption-runs.js';
import { VectorPdf } from './pdf.js';

const run = promisify(execFile);

/** One caption a page, `width` points wide (170: a 60 mm code), at the sheets' 7 pt. */
async function captionedPdf(captions: readonly string[], width = 170): Promise<Buffer> {
  const pdf = new VectorPdf();
  const chunks: Buffer[] = [];
  pdf.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const caption of captions) {
    pdf.addPage(250, 100);
    pdf.caption(caption, 40, 40, width, 7);
  }
  pdf.end();
  return done;
}

/** What poppler's pdftotext (each page's text, trimmed) and pdffonts read from a PDF. */
async function popplerRead(pdf: Buffer): Promise<{ pages: string[]; fonts: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'rq-caption-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), '-']);
    const { stdout: fonts } = await run('pdffonts', [join(dir, 'in.pdf')]);
    // pdftotext wraps right-to-left text in embedding marks (U+202B ... U+202C); they are not the caption's.
    const pages = text
      .replace(/[\u202a-\u202e]/g, '')
      .split('\f')
      .map((page) => page.trim())
      .filter((page) => page !== '');
    return { pages, fonts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CAPTIONS = [
  'Весеннее меню',
  '東京の夜景メニュー',
  'قائمة الطعام الجديدة',
  'Ελληνικά: Café № 5',
  '春のメニュー 2026',
  'Спецпредложение: 50%',
];

describe('print captions', () => {
  it('are read back exactly by pdftotext, in Cyrillic, Japanese, Arabic and Greek, from embedded subset fonts', async () => {
    const { pages, fonts } = await popplerRead(await captionedPdf(CAPTIONS));
    expect(pages).toEqual(CAPTIONS);
    // Embedded (emb yes) and subset (a six-letter tag and + before the name) TrueType fonts; no unembedded Helvetica.
    expect(fonts).not.toContain('Helvetica');
    for (const name of ['NotoSans-Regular', 'NotoSansJP-Regular', 'NotoSansArabic-Regular']) {
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${name}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    }
  });

  it('are cut to the width, by whole letters, with an ellipsis', async () => {
    const long = 'Очень длинное название весеннего меню ресторана у моря';
    const arabicLong = 'قائمة الطعام الجديدة لفصل الربيع في المطعم';
    const { pages } = await popplerRead(await captionedPdf([long, arabicLong], 60));
    expect(pages).toHaveLength(2);
    for (const [page, whole] of [
      [pages[0] ?? '', long],
      [pages[1] ?? '', arabicLong],
    ] as const) {
      expect(page.endsWith('…'), page).toBe(true);
      const kept = page.slice(0, -1);
      expect(kept.length).toBeGreaterThan(5);
      expect(whole.startsWith(kept)).toBe(true);
    }
  });
});

describe('caption runs', () => {
  const runsOf = (text: string) => captionRuns(text, captionFontCovers, 3);

  it('take each character from the first font that has it, spaces and digits staying with their neighbours', () => {
    expect(runsOf('Menu 東京 2026')).toEqual([
      { font: 0, rtl: false, text: 'Menu ' },
      { font: 2, rtl: false, text: '東京 2026' },
    ]);
    expect(runsOf('Весна')).toEqual([{ font: 0, rtl: false, text: 'Весна' }]);
  });

  it('put right-to-left text in visual order, a left-to-right number inside it too', () => {
    expect(runsOf('قائمة الطعام')).toEqual([{ font: 1, rtl: true, text: 'قائمة الطعام' }]);
    expect(runsOf('Menu قائمة 12')).toEqual([
      { font: 0, rtl: false, text: 'Menu ' },
      { font: 0, rtl: false, text: '12' },
      { font: 1, rtl: true, text: 'قائمة ' },
    ]);
  });

  it('draw a character no font has with the first font (its missing-glyph box), never leaving it out', () => {
    expect(runsOf('A\u{1D11E}')).toEqual([{ font: 0, rtl: false, text: 'A\u{1D11E}' }]);
  });
});
