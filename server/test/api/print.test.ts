import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDesign } from '@rq/qr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  colourOperators,
  decodeEps,
  decodePdfPages,
  pdfStreams,
} from '../../../packages/qr/src/test-support/vector-decode.js';
import { fileNames } from '../../src/modules/printing/printing.service.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const run = promisify(execFile);

interface Code {
  id: string;
  slug: string;
  shortUrl: string;
}

/** The files of a ZIP (unzip from Debian), each as bytes. */
async function unzipped(zip: Buffer): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(join(tmpdir(), 'rq-zip-'));
  try {
    await writeFile(join(dir, 'in.zip'), zip);
    const { stdout } = await run('unzip', ['-Z1', join(dir, 'in.zip')]);
    await run('unzip', ['-q', join(dir, 'in.zip'), '-d', join(dir, 'out')]);
    const files = new Map<string, Buffer>();
    for (const name of stdout.split('\n').filter(Boolean))
      files.set(name, await readFile(join(dir, 'out', name)));
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Columns of a page (rasterised grey at `dpi`) holding a dark pixel: the runs of dark columns. */
async function darkColumnRuns(pdf: Buffer, dpi: number): Promise<Array<[number, number]>> {
  const dir = await mkdtemp(join(tmpdir(), 'rq-pgm-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', [
      '-gray',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      join(dir, 'in.pdf'),
      join(dir, 'p'),
    ]);
    const pgm = await readFile(join(dir, 'p-1.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    const [width, height] = [Number(header?.[1]), Number(header?.[2])];
    const pixels = pgm.subarray((header?.[0] ?? '').length);
    const runs: Array<[number, number]> = [];
    for (let x = 0; x < width; x++) {
      let dark = false;
      for (let y = 0; y < height && !dark; y++) dark = (pixels[y * width + x] as number) < 128;
      const last = runs.at(-1);
      if (dark && last && last[1] === x - 1) last[1] = x;
      else if (dark) runs.push([x, x]);
    }
    return runs;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('file names in a ZIP', () => {
  it('are slugs, with the hostname where codes on two hosts share one', () => {
    const names = fileNames(
      [
        { id: 'a', slug: 'menu', hostKey: '' },
        { id: 'b', slug: 'menu', hostKey: 'go.example.com' },
        { id: 'c', slug: 'spring', hostKey: 'go.example.com' },
      ],
      'rq.codes',
      'pdf',
    );
    expect([...names.values()]).toEqual(['rq.codes/menu.pdf', 'go.example.com/menu.pdf', 'spring.pdf']);
  });
});

/**
 * Print output through the API: every PDF page and EPS is rasterised (poppler, Ghostscript) and
 * read by zbarimg to the exact short URL; CMYK files are read for their colour operators.
 */
describe.each(engines)('print files on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;
  let codes: Code[];

  const create = async (
    who: SignedInUser,
    slug: string,
    title: string,
    style: Record<string, unknown> = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: who.headers,
      payload: { mode: 'redirect', target: 'https://example.com/', slug, title, tags: ['print'], style },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Code;
  };
  const post = (url: string, payload: Record<string, unknown>, who = user) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
    other = await signedInUser(t);
    codes = [
      await create(user, 'print-one', 'First poster', { dots: { type: 'rounded', color: '#000000' } }),
      await create(user, 'print-two', 'Second poster', { cornerSquares: { type: 'dot' }, margin: 2 }),
      await create(user, 'print-three', 'Third poster', { frame: { text: 'Scan me' } }),
    ];
  });
  afterAll(() => t.close());

  it("a code's image.pdf and image.eps in CMYK decode to its short URL with pure black 0 0 0 1", async () => {
    const [code] = codes as [Code];
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${code.id}/image.pdf?cmyk=true&size=300`,
      headers: user.headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await decodePdfPages(pdf.rawPayload)).toEqual([[code.shortUrl]]);
    const ops = colourOperators(pdfStreams(pdf.rawPayload).join('\n'));
    expect(ops).toContain('0 0 0 1 k');
    expect(ops.filter((op) => !op.endsWith(' k'))).toEqual([]);

    const eps = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${code.id}/image.eps?cmyk=true`,
      headers: user.headers,
    });
    expect(eps.headers['content-type']).toBe('application/postscript');
    expect(eps.body).toContain('0 0 0 1 setcmykcolor');
    expect(eps.body).not.toContain('setrgbcolor');
    expect(await decodeEps(eps.rawPayload)).toEqual([code.shortUrl]);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${code.id}/image.pdf`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('POST /render answers PDF and EPS', async () => {
    const data = 'https://example.com/render-print';
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data, format: 'pdf' },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await decodePdfPages(pdf.rawPayload)).toEqual([[data]]);
    expect(colourOperators(pdfStreams(pdf.rawPayload).join('\n'))).toContain('0 0 0 rg');
    const eps = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data, format: 'eps', cmyk: true, style: { dots: { type: 'dots' } } },
    });
    expect(await decodeEps(eps.rawPayload)).toEqual([data]);
  });

  it('images.zip holds one file per code, named by slug, by ids or by filter; foreign ids are a 404', async () => {
    const byIds = await post('/api/v1/qrcodes/images.zip', { ids: codes.map((c) => c.id), format: 'eps' });
    expect(byIds.statusCode, byIds.body).toBe(200);
    expect(byIds.headers['content-type']).toBe('application/zip');
    const files = await unzipped(byIds.rawPayload);
    expect([...files.keys()]).toEqual(['print-one.eps', 'print-two.eps', 'print-three.eps']);
    expect(await decodeEps(files.get('print-two.eps') as Buffer)).toEqual([codes[1]?.shortUrl]);

    const byFilter = await post('/api/v1/qrcodes/images.zip', { filter: { tag: 'print' }, format: 'pdf' });
    const pdfs = await unzipped(byFilter.rawPayload);
    expect([...pdfs.keys()].sort()).toEqual(['print-one.pdf', 'print-three.pdf', 'print-two.pdf']);
    expect(await decodePdfPages(pdfs.get('print-three.pdf') as Buffer)).toEqual([[codes[2]?.shortUrl]]);

    // The list's on/off filter selects too: only the code that is off.
    const patch = (enabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/qrcodes/${codes[1]?.id}`,
        headers: user.headers,
        payload: { enabled },
      });
    expect((await patch(false)).statusCode).toBe(200);
    const offOnly = await post('/api/v1/qrcodes/images.zip', {
      filter: { tag: 'print', enabled: false },
      format: 'svg',
    });
    expect([...(await unzipped(offOnly.rawPayload)).keys()]).toEqual(['print-two.svg']);
    expect((await patch(true)).statusCode).toBe(200);

    const foreign = await post('/api/v1/qrcodes/images.zip', { ids: [codes[0]?.id], format: 'svg' }, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().missing).toEqual([codes[0]?.id]);
    const neither = await post('/api/v1/qrcodes/images.zip', { format: 'svg' });
    expect(neither.statusCode).toBe(400);
  });

  it('sheet.pdf: two pages with captions, every symbol decoded, quiet zones kept; a grid too large is a 422', async () => {
    const sheet = await post('/api/v1/qrcodes/sheet.pdf', {
      ids: codes.map((c) => c.id),
      paper: 'A4',
      columns: 1,
      rows: 2,
      sizeMm: 60,
      caption: 'title',
      cmyk: true,
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const pages = await decodePdfPages(sheet.rawPayload);
    expect(pages.map((page) => page.sort())).toEqual([
      [codes[0]?.shortUrl, codes[1]?.shortUrl].sort(),
      [codes[2]?.shortUrl],
    ]);
    const text = pdfStreams(sheet.rawPayload).join('\n');
    expect(colourOperators(text).filter((op) => !op.endsWith(' k'))).toEqual([]);
    const dir = await mkdtemp(join(tmpdir(), 'rq-text-'));
    await writeFile(join(dir, 'in.pdf'), sheet.rawPayload);
    const { stdout } = await run('pdftotext', [join(dir, 'in.pdf'), '-']);
    await rm(dir, { recursive: true, force: true });
    expect(stdout).toContain('First poster');
    expect(stdout).toContain('Third poster');

    // Two codes side by side, no captions: the dark columns of each symbol are apart by at least
    // two quiet zones of 4 modules.
    const row = await post('/api/v1/qrcodes/sheet.pdf', {
      ids: [codes[0]?.id, codes[1]?.id],
      columns: 2,
      rows: 1,
      sizeMm: 90,
      caption: null,
    });
    const runs = await darkColumnRuns(row.rawPayload, 72);
    expect(runs).toHaveLength(2);
    const [a, b] = runs as [[number, number], [number, number]];
    const modulePx = (a[1] - a[0] + 1) / createDesign(codes[0]?.shortUrl as string).matrix.size;
    expect((b[0] - a[1]) / modulePx).toBeGreaterThanOrEqual(8);
    expect(a[0] / modulePx).toBeGreaterThanOrEqual(4);

    const tooWide = await post('/api/v1/qrcodes/sheet.pdf', { ids: [codes[0]?.id], columns: 5, sizeMm: 40 });
    expect(tooWide.statusCode).toBe(422);
    expect(tooWide.json().errors.map((e: { path: string }) => e.path)).toEqual([
      '/body/columns',
      '/body/sizeMm',
    ]);
  });

  it('sheet.pdf: titles in Japanese, Russian and Arabic print in embedded fonts that pdftotext reads back exactly', async () => {
    const titles = ['春のメニュー 2026', 'Весеннее меню: скидка 20%', 'قائمة الطعام الجديدة'];
    const titled: Code[] = [];
    for (const [i, title] of titles.entries()) titled.push(await create(user, `print-script-${i}`, title));
    const sheet = await post('/api/v1/qrcodes/sheet.pdf', {
      ids: titled.map((code) => code.id),
      paper: 'A4',
      columns: 1,
      rows: 1,
      sizeMm: 60,
      caption: 'title',
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    // Every code still decodes, one a page.
    expect(await decodePdfPages(sheet.rawPayload)).toEqual(titled.map((code) => [code.shortUrl]));
    const dir = await mkdtemp(join(tmpdir(), 'rq-scripts-'));
    try {
      await writeFile(join(dir, 'in.pdf'), sheet.rawPayload);
      const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), '-']);
      // pdftotext marks right-to-left text with embedding controls (U+202B, U+202C); they are its, not the title's.
      const pages = text
        .replace(/[\u202a-\u202e]/g, '')
        .split('\f')
        .map((page) => page.trim())
        .filter(Boolean);
      expect(pages).toEqual(titles);
      const { stdout: fonts } = await run('pdffonts', [join(dir, 'in.pdf')]);
      expect(fonts).not.toContain('Helvetica');
      for (const name of ['NotoSans-Regular', 'NotoSansJP-Regular', 'NotoSansArabic-Regular'])
        expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${name}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
