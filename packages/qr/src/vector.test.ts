import { describe, expect, it } from 'vitest';
import { createDesign, designToVector, logoFromBytes, withPrintQuietZone } from './node.js';
import { pngLogo, SHORT_URL } from './test-support/fixtures.js';
import { colourOperators, decodeEps, decodePdfPages, pdfStreams } from './test-support/vector-decode.js';

/**
 * Print output: every PDF and EPS is rasterised (pdftoppm, Ghostscript) and read by zbarimg to the
 * exact data; CMYK output is read for its colour operators.
 */

const GRADIENT = {
  type: 'linear',
  rotation: 45,
  stops: [
    { offset: 0, color: '#1e3a8a' },
    { offset: 1, color: '#7c3aed' },
  ],
} as const;

const DESIGNS: Array<[string, Record<string, unknown>]> = [
  ['plain squares', {}],
  [
    'rounded dots, dot eyes, a gradient and a frame',
    {
      dots: { type: 'rounded', gradient: GRADIENT },
      cornerSquares: { type: 'dot', color: '#be123c' },
      cornerDots: { type: 'dot' },
      frame: { text: 'Scan me', color: '#111827' },
    },
  ],
  [
    'dots with a PNG logo on a radial background',
    {
      dots: { type: 'dots', color: '#000000' },
      background: {
        gradient: {
          type: 'radial',
          stops: [
            { offset: 0, color: '#ffffff' },
            { offset: 1, color: '#e0f2fe' },
          ],
        },
      },
      logo: { src: logoFromBytes(pngLogo()), size: 0.1 },
    },
  ],
  [
    'classy with a margin of 2 (raised to 4)',
    { dots: { type: 'classy' }, cornerSquares: { type: 'extra-rounded' }, margin: 2 },
  ],
];

describe('vector output', () => {
  DESIGNS.forEach(([name, style], index) => {
    const data = `${SHORT_URL}${index}`;
    const cmyk = index % 2 === 1;
    it(`${name}: PDF and EPS${cmyk ? ' in CMYK' : ''} decode to the exact data`, async () => {
      const design = createDesign(data, withPrintQuietZone(style));
      expect(design.style.margin).toBeGreaterThanOrEqual(4);
      const pdf = await designToVector(design, 'pdf', { cmyk });
      const eps = await designToVector(design, 'eps', { cmyk });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await decodePdfPages(pdf)).toEqual([[data]]);
      expect(await decodeEps(eps)).toEqual([data]);
    });
  });

  it('CMYK writes pure black as 0 0 0 1 and no RGB colour; RGB as rg', async () => {
    const design = createDesign(SHORT_URL, {
      dots: { color: '#000000' },
      cornerSquares: { color: '#ff0000' },
    });
    const cmykPdf = pdfStreams(await designToVector(design, 'pdf', { cmyk: true })).join('\n');
    const ops = colourOperators(cmykPdf);
    expect(ops).toContain('0 0 0 1 k');
    expect(ops).toContain('0 1 1 0 k');
    expect(ops.filter((op) => !op.endsWith(' k'))).toEqual([]);
    const rgbPdf = pdfStreams(await designToVector(design, 'pdf')).join('\n');
    expect(colourOperators(rgbPdf)).toContain('0 0 0 rg');
    expect(colourOperators(rgbPdf).filter((op) => op.endsWith(' k'))).toEqual([]);

    const eps = (await designToVector(design, 'eps', { cmyk: true })).toString('latin1');
    expect(eps).toMatch(/^%!PS-Adobe-3\.0 EPSF-3\.0\n%%BoundingBox: 0 0 \d+ \d+\n/);
    expect(eps).toContain('0 0 0 1 setcmykcolor');
    expect(eps).not.toContain('setrgbcolor');
  });
});
