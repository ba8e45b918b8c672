import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesign } from './design.js';
import { designToPng, pngOnWhite, verifyPng } from './node.js';
import {
  CORNER_DOT_TYPES,
  CORNER_SQUARE_TYPES,
  DOT_TYPES,
  ERROR_CORRECTION_LEVELS,
  LOGO_AREA_CAPS,
  type StyleInput,
} from './style.js';
import { designToSvg } from './svg.js';
import {
  activeOrExternalContent,
  pngLogoDataUrl,
  SHORT_URL,
  svgLogoDataUrl,
  TEXT_300,
} from './test-support/fixtures.js';
import { pairwisePlan, type Row, uncoveredPairs } from './test-support/pairwise.js';

/**
 * The design matrix. Dot type x corner square x corner dot x level is covered in full (192 rows); logo
 * (none, at its cap), data (short URL, 300 bytes of text) and colouring (solid, gradient, transparent) are
 * chosen per row so that every value of every factor meets every value of every other factor.
 *
 * Every PNG must decode to exactly the encoded data with zxing (through verifyPng) and with Debian's
 * zbarimg. Transparent backgrounds are composited on white before decoding, as a phone sees a code on a
 * white page (zbarimg would otherwise read transparent pixels as black).
 */
const FULL = {
  dots: DOT_TYPES,
  cornerSquares: CORNER_SQUARE_TYPES,
  cornerDots: CORNER_DOT_TYPES,
  level: ERROR_CORRECTION_LEVELS,
} as const;
const PAIRED = {
  logo: ['none', 'cap'],
  data: ['short', 'text300'],
  colouring: ['solid', 'gradient', 'transparent'],
} as const;

const plan = pairwisePlan(FULL, PAIRED);

/** Each row encodes its own data, so no decoder can pass a row by remembering another. */
function dataOf(row: Row, index: number): string {
  const tag = String(index).padStart(3, '0');
  return row.data === 'short' ? `${SHORT_URL}${tag}` : `${tag} ${TEXT_300.slice(4)}`;
}

function colouring(row: Row, index: number): StyleInput {
  if (row.colouring === 'gradient') {
    return {
      dots: {
        gradient: {
          type: 'linear',
          rotation: (index * 37) % 360,
          stops: [
            { offset: 0, color: '#1e3a8a' },
            { offset: 1, color: '#9d174d' },
          ],
        },
      },
      cornerSquares: {
        gradient: {
          type: 'radial',
          stops: [
            { offset: 0, color: '#111827' },
            { offset: 1, color: '#4c1d95' },
          ],
        },
      },
      cornerDots: { color: '#9d174d' },
      background: {
        gradient: {
          type: 'linear',
          rotation: 90,
          stops: [
            { offset: 0, color: '#ffffff' },
            { offset: 1, color: '#fef3c7' },
          ],
        },
      },
    };
  }
  const dots = { color: index % 2 === 0 ? '#0f172a' : '#14532d' };
  return row.colouring === 'transparent' ? { dots, background: { color: 'transparent' } } : { dots };
}

function styleOf(row: Row, index: number): StyleInput {
  const level = row.level as 'L' | 'M' | 'Q' | 'H';
  const style: StyleInput = {
    margin: index % 7 === 0 ? 2 : 4,
    errorCorrection: level,
    ...colouring(row, index),
  };
  style.dots = { ...style.dots, type: row.dots as (typeof DOT_TYPES)[number] };
  style.cornerSquares = {
    ...style.cornerSquares,
    type: row.cornerSquares as (typeof CORNER_SQUARE_TYPES)[number],
  };
  style.cornerDots = { ...style.cornerDots, type: row.cornerDots as (typeof CORNER_DOT_TYPES)[number] };
  if (row.logo === 'cap') {
    // A logo raises L and M to Q by itself; each row's logo is as large as the level it encodes at allows.
    const cap = LOGO_AREA_CAPS[level === 'H' ? 'H' : 'Q'];
    style.logo = { src: index % 2 === 0 ? pngLogoDataUrl() : svgLogoDataUrl(), size: cap, margin: 1 };
  }
  if (index % 5 === 0) style.frame = { text: 'Scan me', color: '#111111', textColor: '#ffffff' };
  return style;
}

interface Case {
  name: string;
  data: string;
  style: StyleInput;
  svg: string;
  png: Buffer;
  file: string;
}

const zbarParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  cdataPropName: '#cdata',
});
const run = promisify(execFile);

interface ZbarSymbol {
  data: string | { '#cdata': string };
}

interface ZbarHolder {
  symbol?: ZbarSymbol | ZbarSymbol[];
  index?: ZbarHolder | ZbarHolder[];
}

/** zbarimg on one file: the texts of the symbols it read (none when it read nothing). */
async function zbarDecode(file: string): Promise<string[]> {
  let stdout: string;
  try {
    ({ stdout } = await run('zbarimg', ['--xml', '-q', file]));
  } catch (error) {
    // zbarimg exits 4 when the image held no symbol.
    if ((error as { code?: unknown }).code === 4) return [];
    throw error;
  }
  const parsed = zbarParser.parse(stdout) as { barcodes?: { source?: ZbarHolder | ZbarHolder[] } };
  const sources = [parsed.barcodes?.source ?? []].flat();
  const holders = sources.flatMap((source) => [source, ...[source.index ?? []].flat()]);
  const symbols = holders.flatMap((holder) => [holder.symbol ?? []].flat());
  return symbols.map((symbol) =>
    typeof symbol.data === 'string' ? symbol.data : String(symbol.data['#cdata']),
  );
}

/** Runs `work` over `items` with a few at a time: zbarimg is a process per image, one image per call. */
async function pool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe('design matrix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rq-qr-matrix-'));
  const cases: Case[] = plan.map((row, index) => {
    const data = dataOf(row, index);
    const style = styleOf(row, index);
    // About 7 px per module, as a phone camera sees a code at a normal distance.
    const modulesAcross = createDesign(data, style).width;
    const design = createDesign(data, { ...style, size: Math.min(1400, Math.max(300, modulesAcross * 7)) });
    const name = `${String(index).padStart(3, '0')} ${Object.values(row).join(' ')}`;
    const svg = designToSvg(design);
    const png = designToPng(design);
    return { name, data, style, svg, png, file: join(dir, `${String(index).padStart(3, '0')}.png`) };
  });
  const zbar = new Map<string, string[]>();

  beforeAll(async () => {
    for (const c of cases) writeFileSync(c.file, pngOnWhite(c.png));
    // One file per call: with several files zbarimg's symbol cache can leave out a symbol.
    const decoded = await pool(cases, 4, (c) => zbarDecode(c.file));
    for (const [i, c] of cases.entries()) zbar.set(c.file, decoded[i] ?? []);
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('covers every pair of factor values', () => {
    expect(plan).toHaveLength(192);
    expect(new Set(cases.map((c) => Buffer.byteLength(c.data)))).toEqual(
      new Set([SHORT_URL.length + 3, 300]),
    );
    expect(uncoveredPairs(plan, { ...FULL, ...PAIRED })).toEqual([]);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(XMLValidator.validate(c.svg)).toBe(true);
    expect(activeOrExternalContent(c.svg)).toEqual([]);
    expect(await verifyPng(c.png, c.data, { style: c.style })).toEqual({ ok: true, text: c.data });
    expect(zbar.get(c.file)).toEqual([c.data]);
  });
});
