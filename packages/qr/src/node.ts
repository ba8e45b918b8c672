/**
 * @rq/qr/node: everything in `@rq/qr`, plus PNG through resvg and verification of SVG and PNG.
 * The verifier loads zxing's WebAssembly from node_modules on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { assertLegibleSize, createDesign, type Design } from './design.js';
import { designToEps } from './eps.js';
import { designToPdf, logoPixels, type PdfOptions } from './pdf.js';
import { designToSvg, type SvgOptions } from './svg.js';
import {
  configureVerifier,
  type ImageDataLike,
  isVerifierConfigured,
  type VerifyOptions,
  type VerifyResult,
  verify as verifyPixels,
} from './verify.js';

export * from './index.js';
export { designToPdf, logoPixels, type PdfOptions, VectorPdf } from './pdf.js';

function ensureVerifier(): void {
  if (isVerifierConfigured()) return;
  const require = createRequire(import.meta.url);
  configureVerifier({ wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) });
}

/** `verify()` of `@rq/qr`, with zxing loaded from node_modules. */
export function verify(
  image: ImageDataLike,
  expected: string,
  options?: VerifyOptions,
): Promise<VerifyResult> {
  ensureVerifier();
  return verifyPixels(image, expected, options);
}

const FONTLESS = { loadSystemFonts: false } as const;

function pngOf(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: FONTLESS }).render().asPng();
}

/** Rasterises an SVG at `width` px, composited on white (as a phone sees it on a white page). */
export function rasterize(svg: string | Buffer, width: number): ImageDataLike {
  const rendered = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: FONTLESS,
    background: '#ffffff',
  }).render();
  return { data: rendered.pixels, width: rendered.width, height: rendered.height };
}

/** Pixels per module when an SVG is rasterised to be verified: enough for zxing, cheap to decode. */
const VERIFY_PIXELS_PER_MODULE = 4;

function verificationWidth(svg: string): number {
  const viewBox = /viewBox="0 0 ([\d.]+) /.exec(svg);
  const modules = viewBox ? Number(viewBox[1]) : 0;
  return modules > 0 ? Math.min(2048, Math.max(96, Math.round(modules * VERIFY_PIXELS_PER_MODULE))) : 512;
}

/** Rasterises the SVG on white and verifies it (see `verify`). */
export function verifySvg(
  svg: string,
  expected: string,
  options?: VerifyOptions & { width?: number },
): Promise<VerifyResult> {
  return verify(rasterize(svg, options?.width ?? verificationWidth(svg)), expected, options);
}

function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Decodes a PNG (composited on white) and verifies it (see `verify`). */
export function verifyPng(png: Uint8Array, expected: string, options?: VerifyOptions): Promise<VerifyResult> {
  return verify(pngPixels(png), expected, options);
}

function pngWrapper(png: Uint8Array): { svg: string; width: number } {
  const { width, height } = pngSize(png);
  const href = `data:image/png;base64,${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" image-rendering="optimizeSpeed" href="${href}"/></svg>`;
  return { svg, width };
}

/** RGBA pixels of a PNG composited on white, drawn 1:1 by resvg. */
export function pngPixels(png: Uint8Array): ImageDataLike {
  const { svg, width } = pngWrapper(png);
  return rasterize(svg, width);
}

/** Renders a laid-out design as PNG at its size in px (64 to 4096). */
export function designToPng(design: Design, options?: SvgOptions): Buffer {
  return pngOf(designToSvg(design, options), design.pixelWidth);
}

/** Renders `data` with a style as a PNG of `style.size` px wide. Throws as `renderSvg` does. */
export function renderPng(data: string, style?: unknown): Buffer {
  return designToPng(createDesign(data, style));
}

export interface VerifiedRender {
  svg: string;
  /** Present when the PNG was asked for. */
  png?: Buffer;
  verification: VerifyResult;
}

/**
 * What the API needs in one call: render once, verify the drawing, and hand back SVG (and PNG). A result
 * with `verification.ok === false` is an `unscannable_design` (422) with `verification.reason`. A size
 * that leaves a module under MIN_PIXELS_PER_MODULE pixels throws a `StyleError` (`size_too_small`).
 */
export async function renderVerified(
  data: string,
  style: unknown,
  options: { png?: boolean } & SvgOptions = {},
): Promise<VerifiedRender> {
  const design = createDesign(data, style);
  assertLegibleSize(design);
  const svg = designToSvg(design, options);
  // Verified at the size served when that is smaller than the verifier's own raster: the decoder
  // sees the pixels a scanner gets, not a sharper drawing of them.
  const width = Math.min(design.pixelWidth, verificationWidth(svg));
  const verification = await verifySvg(svg, data, { style: design.style, width });
  if (!options.png) return { svg, verification };
  return { svg, png: pngOf(svg, design.pixelWidth), verification };
}

/** The PNG composited on white, as a phone sees it on a white page (for decoders that ignore alpha). */
export function pngOnWhite(png: Uint8Array): Buffer {
  const { svg, width } = pngWrapper(png);
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: FONTLESS, background: '#ffffff' })
    .render()
    .asPng();
}

export type VectorFormat = 'pdf' | 'eps';

/**
 * A laid-out design as PDF bytes or EPS text, logos included (drawn through resvg where the format
 * needs it). Call `createDesign(data, withPrintQuietZone(style))` for print output.
 */
export async function designToVector(
  design: Design,
  format: VectorFormat,
  options: PdfOptions & { width?: number } = {},
): Promise<Buffer> {
  if (format === 'pdf') return designToPdf(design, options);
  return Buffer.from(designToEps(design, { ...options, logoPixels }), 'latin1');
}
