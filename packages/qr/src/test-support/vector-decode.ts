import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';

/**
 * Print output as a scanner sees it: PDF pages rasterised by poppler's pdftoppm, EPS by Ghostscript,
 * each page decoded by zbarimg. Debian packages poppler-utils, ghostscript and zbar-tools.
 */

const run = promisify(execFile);

/** The texts zbarimg reads in one image, one per symbol (none when it read nothing). */
export async function zbarTexts(file: string): Promise<string[]> {
  try {
    const { stdout } = await run('zbarimg', ['-q', '--raw', file]);
    return stdout.split('\n').filter((line) => line !== '');
  } catch (error) {
    // zbarimg exits 4 when the image held no symbol.
    if ((error as { code?: unknown }).code === 4) return [];
    throw error;
  }
}

async function inTemp<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'rq-vector-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every page of a PDF rasterised at `dpi` and decoded: the texts read on each page, in page order. */
export function decodePdfPages(pdf: Buffer, dpi = 150): Promise<string[][]> {
  return inTemp(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page')).sort();
    const texts: string[][] = [];
    for (const page of pages) texts.push(await zbarTexts(join(dir, page)));
    return texts;
  });
}

/** An EPS rasterised by Ghostscript at `dpi` (cropped to its bounding box) and decoded. */
export function decodeEps(eps: string | Buffer, dpi = 150): Promise<string[]> {
  return inTemp(async (dir) => {
    await writeFile(join(dir, 'in.eps'), eps);
    await run('gs', [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dEPSCrop',
      '-sDEVICE=png16m',
      `-r${dpi}`,
      '-o',
      join(dir, 'out.png'),
      join(dir, 'in.eps'),
    ]);
    return zbarTexts(join(dir, 'out.png'));
  });
}

/** The number of pages pdfinfo counts. */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  return inTemp(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const { stdout } = await run('pdfinfo', [join(dir, 'in.pdf')]);
    return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]);
  });
}

/** Every stream of a PDF as text, inflated where it is deflated: the content streams' operators. */
export function pdfStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = start + (pdf[start + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) break;
    const body = pdf.subarray(bodyStart, end);
    try {
      out.push(inflateSync(body).toString('latin1'));
    } catch {
      out.push(body.toString('latin1'));
    }
    at = end + 9;
  }
  return out;
}

/** Colour operators of PDF content: `k`/`K` (CMYK), `rg`/`RG` (RGB), `g`/`G` (grey), sc(n) (any). */
export function colourOperators(content: string): string[] {
  return (
    content
      .match(/(?:^|\s)(?:[-\d. ]+ (?:k|K|rg|RG|g|G)|\/DeviceRGB (?:cs|CS))(?=\s|$)/g)
      ?.map((op) => op.trim()) ?? []
  );
}
