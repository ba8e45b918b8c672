/**
 * Live scannability in the browser: the same checks as the API (packages/qr's style validation, then
 * zxing on the drawing at the width the server verifies at), and a print-stress test that decodes the
 * design made smaller, blurred, faded and rotated.
 */
import { configureVerifier, isVerifierConfigured, type VerifyResult, verify } from '@rq/qr';
import { blur, drawOnWhite, lowerContrast, svgImage, verificationWidth, viewBoxOf } from './rasterize';

/** Points zxing at the `.wasm` the site serves (copied from node_modules at build; never a CDN). */
export function ensureVerifier(wasmUrl: string): void {
  if (!isVerifierConfigured()) configureVerifier({ wasmUrl });
}

/** Decodes the SVG as the API does: drawn on white at 4 px per module, verified against `expected`. */
export async function verifySvg(svg: string, expected: string, style: unknown): Promise<VerifyResult> {
  const width = verificationWidth(svg);
  const box = viewBoxOf(svg);
  const height = Math.round((width * box.height) / box.width);
  const image = await svgImage(svg, width, height);
  return verify(drawOnWhite(image, width), expected, { style });
}

export type StressKind = 'small' | 'blur' | 'faded' | 'rotated';

export interface Stress {
  kind: StressKind;
  label: string;
  /** What was done to the design, for the list of results. */
  detail: string;
  pixelsPerModule: number;
  blurModules?: number;
  contrast?: number;
  rotate?: number;
}

/** Two strengths of each print-like stress; the score is the share that still decodes. */
export const STRESSES: readonly Stress[] = [
  { kind: 'small', label: 'Printed small', detail: '2 px per module', pixelsPerModule: 2 },
  { kind: 'small', label: 'Printed very small', detail: '1.5 px per module', pixelsPerModule: 1.5 },
  {
    kind: 'blur',
    label: 'Slightly blurred',
    detail: 'blur of 0.3 module',
    pixelsPerModule: 4,
    blurModules: 0.3,
  },
  { kind: 'blur', label: 'Blurred', detail: 'blur of 0.5 module', pixelsPerModule: 4, blurModules: 0.5 },
  { kind: 'faded', label: 'Faded ink', detail: 'contrast at 60%', pixelsPerModule: 4, contrast: 0.6 },
  { kind: 'faded', label: 'Badly faded ink', detail: 'contrast at 35%', pixelsPerModule: 4, contrast: 0.35 },
  { kind: 'rotated', label: 'Slightly rotated', detail: 'turned by 10°', pixelsPerModule: 4, rotate: 10 },
  { kind: 'rotated', label: 'Rotated', detail: 'turned by 30°', pixelsPerModule: 4, rotate: 30 },
];

export interface StressResult {
  stress: Stress;
  result: VerifyResult;
}

export interface Robustness {
  /** 0 to 100: the share of stressed variants that still decode to the exact data. */
  score: number;
  results: StressResult[];
}

/** Decodes every stressed variant of the design; `cancelled` stops early when a newer design came. */
export async function printStress(
  svg: string,
  expected: string,
  style: unknown,
  cancelled: () => boolean = () => false,
): Promise<Robustness | null> {
  const box = viewBoxOf(svg);
  const results: StressResult[] = [];
  for (const stress of STRESSES) {
    if (cancelled()) return null;
    const width = Math.max(16, Math.round(box.width * stress.pixelsPerModule));
    const height = Math.round((width * box.height) / box.width);
    const image = await svgImage(svg, width, height);
    let pixels = drawOnWhite(image, width, { rotate: stress.rotate });
    if (stress.blurModules) pixels = blur(pixels, stress.blurModules * stress.pixelsPerModule);
    if (stress.contrast) pixels = lowerContrast(pixels, stress.contrast);
    results.push({ stress, result: await verify(pixels, expected, { style }) });
  }
  const passed = results.filter((entry) => entry.result.ok).length;
  return { score: Math.round((100 * passed) / results.length), results };
}
