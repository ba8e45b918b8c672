import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createDesign } from './design.js';
import { designToPng, pngPixels, rasterize, renderVerified, verify, verifyPng, verifySvg } from './node.js';
import { CORNER_SQUARE_TYPES, DOT_TYPES } from './style.js';
import { renderSvg } from './svg.js';
import { SHORT_URL, svgLogoDataUrl, TEXT_300 } from './test-support/fixtures.js';
import type { ImageDataLike } from './verify.js';
import { configureVerifier, verify as verifyInBrowser } from './verify.js';

/** Repaints every pixel by its lightness between two grey levels: the same drawing at another contrast. */
function withContrast(image: ImageDataLike, dark: number, light: number): ImageDataLike {
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const t = (image.data[i] as number) / 255;
    const grey = dark + (light - dark) * t;
    data[i] = grey;
    data[i + 1] = grey;
    data[i + 2] = grey;
    data[i + 3] = 255;
  }
  return { data, width: image.width, height: image.height };
}

/** Paints a white square over the centre covering `share` of the symbol. */
function coverCentre(image: ImageDataLike, symbolPixels: number, share: number): ImageDataLike {
  const data = Uint8ClampedArray.from(image.data);
  const side = Math.round(symbolPixels * Math.sqrt(share));
  const x0 = Math.round((image.width - side) / 2);
  const y0 = Math.round((image.height - side) / 2);
  for (let y = y0; y < y0 + side; y++)
    data.fill(255, (y * image.width + x0) * 4, (y * image.width + x0 + side) * 4);
  return { data, width: image.width, height: image.height };
}

/** Keeps only the part of the image inside the box, dropping the rest (the quiet zone). */
function crop(image: ImageDataLike, x0: number, y0: number, side: number): ImageDataLike {
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++) {
    const from = ((y0 + y) * image.width + x0) * 4;
    data.set(image.data.subarray(from, from + side * 4), y * side * 4);
  }
  return { data, width: side, height: side };
}

describe('verify', () => {
  it('reads back exactly the data of a rendered design, SVG and PNG', async () => {
    const svg = renderSvg(TEXT_300, { dots: { type: 'extra-rounded' }, cornerSquares: { type: 'dot' } });
    expect(await verifySvg(svg, TEXT_300)).toEqual({ ok: true, text: TEXT_300 });
    expect(await verifySvg(svg, `${TEXT_300}!`)).toMatchObject({ ok: false, reason: 'other' });
    const png = designToPng(createDesign(SHORT_URL, { size: 300 }));
    expect(await verifyPng(png, SHORT_URL)).toEqual({ ok: true, text: SHORT_URL });
  });

  it('judges a transparent background on white', async () => {
    const png = designToPng(createDesign(SHORT_URL, { background: { color: 'transparent' } }));
    expect(await verifyPng(png, SHORT_URL)).toEqual({ ok: true, text: SHORT_URL });
  });

  it('refuses a contrast of 1.2:1 even where zxing would still read it', async () => {
    const image = rasterize(renderSvg(SHORT_URL), 200);
    // Greys 213 and 240: relative luminances 0.665 and 0.871, a ratio of 1.29 in WCAG terms.
    const faint = withContrast(image, 213, 240);
    const result = await verify(faint, SHORT_URL);
    expect(result).toMatchObject({ ok: false, reason: 'contrast_too_low' });
    expect(await verify(withContrast(image, 0, 255), SHORT_URL)).toEqual({ ok: true, text: SHORT_URL });
  });

  it('shows the alignment patterns a logo covers by painting over it, not by clipping it', async () => {
    // An opaque dark logo: only what is painted over it can be light.
    const logo = svgLogoDataUrl(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#1f2937"/></svg>',
    );
    const style = { errorCorrection: 'H', margin: 4, logo: { src: logo, size: 0.2, margin: 0 } };
    const design = createDesign(TEXT_300, style);
    expect(design.logo?.keep.length).toBeGreaterThan(0);
    const svg = renderSvg(TEXT_300, style);
    expect(svg).not.toMatch(/clip/i);
    const scale = 8;
    const image = rasterize(svg, design.width * scale);
    const grey = (row: number, col: number) => {
      const x = (design.originX + col + 0.5) * scale;
      const y = (design.originY + row + 0.5) * scale;
      return image.data[(Math.floor(y) * image.width + Math.floor(x)) * 4] as number;
    };
    for (const [row, col] of design.logo?.keep ?? []) {
      expect(grey(row, col), 'centre module').toBeLessThan(64);
      expect(grey(row - 1, col), 'inner light ring').toBeGreaterThan(192);
      expect(grey(row - 2, col), 'outer dark ring').toBeLessThan(64);
      expect(grey(row - 3, col), 'separator over the logo').toBeGreaterThan(192);
    }
    expect(await verifySvg(svg, TEXT_300)).toEqual({ ok: true, text: TEXT_300 });
  });

  it('names a logo over its cap when the symbol no longer decodes', async () => {
    const design = createDesign(SHORT_URL, { errorCorrection: 'H', margin: 4 });
    const image = rasterize(renderSvg(SHORT_URL, { errorCorrection: 'H' }), design.width * 8);
    const covered = coverCentre(image, design.matrix.size * 8, 0.4);
    const style = { errorCorrection: 'H', logo: { src: 'data:image/png;base64,AA', size: 0.4 } };
    expect(await verify(covered, SHORT_URL, { style })).toMatchObject({
      ok: false,
      reason: 'logo_too_large',
    });
  });

  it('names a quiet zone too small, whether zxing reads the symbol or not', async () => {
    const design = createDesign(TEXT_300, { margin: 4 });
    const scale = 6;
    const image = rasterize(renderSvg(TEXT_300, { margin: 4 }), design.width * scale);
    const noMargin = crop(image, 4 * scale, 4 * scale, design.matrix.size * scale);
    expect(await verify(noMargin, TEXT_300)).toMatchObject({ ok: false, reason: 'quiet_zone_too_small' });
    const oneModule = crop(image, 3 * scale, 3 * scale, (design.matrix.size + 2) * scale);
    expect(await verify(oneModule, TEXT_300)).toMatchObject({ ok: false, reason: 'quiet_zone_too_small' });
    const twoModules = crop(image, 2 * scale, 2 * scale, (design.matrix.size + 4) * scale);
    expect(await verify(twoModules, TEXT_300)).toEqual({ ok: true, text: TEXT_300 });
  });

  it('accepts a margin of exactly 2 modules, the documented minimum (issue 10)', async () => {
    const data = 'https://example.com/p/5?q=123456789';
    const style = {
      size: 512,
      margin: 2,
      errorCorrection: 'M',
      dots: { type: 'dots', color: '#2a28cc' },
      cornerSquares: { type: 'extra-rounded', color: '#2e6faa' },
      cornerDots: { type: 'square', color: '#0d1c44' },
      background: { color: '#ffffff' },
    };
    const reported = await renderVerified(data, style, { png: true });
    expect(reported.verification).toEqual({ ok: true, text: data });
    expect(await verifyPng(reported.png ?? Buffer.alloc(0), data)).toEqual({ ok: true, text: data });
    // zxing extrapolates the bottom-right corner; with these shapes it lands half a module outside.
    for (const dots of DOT_TYPES) {
      for (const cornerSquares of CORNER_SQUARE_TYPES) {
        for (const text of [SHORT_URL, 'hi', TEXT_300.slice(0, 120)]) {
          const design = { margin: 2, dots: { type: dots }, cornerSquares: { type: cornerSquares } };
          const result = await renderVerified(text, design);
          expect(result.verification, `${dots} ${cornerSquares} ${text.length}`).toEqual({ ok: true, text });
        }
      }
    }
  });

  it('works from the browser entry with the wasm bytes handed over, never a CDN', async () => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    configureVerifier({ wasmBinary: wasm });
    const image = rasterize(renderSvg(SHORT_URL), 200);
    expect(await verifyInBrowser(image, SHORT_URL)).toEqual({ ok: true, text: SHORT_URL });
  });

  it('renders and verifies in one call for the API', async () => {
    const result = await renderVerified(SHORT_URL, { size: 256, dots: { type: 'dots' } }, { png: true });
    expect(result.verification).toEqual({ ok: true, text: SHORT_URL });
    expect(result.svg.startsWith('<svg')).toBe(true);
    expect(pngPixels(result.png ?? Buffer.alloc(0)).width).toBe(256);
  });
});
