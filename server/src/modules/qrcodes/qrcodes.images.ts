import { createHash } from 'node:crypto';
import {
  createDesign,
  DataTooLongError,
  QrError,
  StyleError,
  type StyleIssue,
  validateStyle,
  withPrintQuietZone,
} from '@rq/qr';
import type { renderVerified, VectorFormat } from '@rq/qr/node';
import { LRUCache } from 'lru-cache';
import { Problem } from '../../shared/problem.js';
import { qrNode } from '../../shared/qr-node.js';
import type { ImageQueryInput } from './qrcodes.schemas.js';

export type ImageFormat = 'svg' | 'png';

export interface RenderedImage {
  format: ImageFormat;
  /** SVG text or PNG bytes. */
  body: string | Buffer;
  contentType: 'image/svg+xml; charset=utf-8' | 'image/png';
}

export type { VectorFormat };

/** A print file: PDF bytes or EPS text. */
export interface VectorImage {
  format: VectorFormat;
  body: Buffer;
  contentType: 'application/pdf' | 'application/postscript';
}

export const VECTOR_CONTENT_TYPES = { pdf: 'application/pdf', eps: 'application/postscript' } as const;

/** The base64 or text form of an image inside a JSON answer. */
export function imageData(image: RenderedImage): string {
  return typeof image.body === 'string' ? image.body : image.body.toString('base64');
}

/**
 * Style issues as a problem: issues that make a design hard to scan (contrast, logo size, quiet
 * zone) are a 422 `unscannable_design`; frame text the font cannot draw a 422 `unprocessable`
 * (reason `glyph_missing`); malformed values a 400 `validation_failed`.
 */
export function styleProblem(issues: readonly StyleIssue[]): Problem {
  const errors = issues.map(({ path, message }) => ({ path, message }));
  const unscannable = issues.find((issue) => issue.reason !== undefined && issue.reason !== 'glyph_missing');
  const undrawable = issues.find((issue) => issue.reason === 'glyph_missing');
  if (undrawable && !unscannable) {
    return new Problem('unprocessable', `${undrawable.path}: ${undrawable.message}.`, {
      errors,
      extensions: { reason: 'glyph_missing' },
    });
  }
  if (unscannable) {
    return new Problem(
      'unscannable_design',
      `The design would not scan reliably: ${unscannable.path} ${unscannable.message}.`,
      {
        errors,
        extensions: { reason: unscannable.reason },
      },
    );
  }
  return new Problem('validation_failed', errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
    errors,
  });
}

/** Checks a style without rendering; the issues' paths start at `path` (e.g. "/body/style"). */
export function checkStyle(style: unknown, path: string): void {
  const result = validateStyle(style, path);
  if (!result.ok) throw styleProblem(result.issues);
}

/**
 * Where a style issue points in the request: a prefix for a style sent as JSON ("/body/style"),
 * or a function for styles assembled from elsewhere (the image endpoints' query parameters).
 */
export type StylePaths = string | ((issuePath: string) => string);

function stylePathOf(issuePath: string, paths: StylePaths): string {
  return typeof paths === 'string' ? issuePath.replace(/^\/style/, paths) : paths(issuePath);
}

/**
 * Rendering errors of @rq/qr as problems. `dataPath` is where the encoded data came from, so a
 * too-long text points at the field to shorten.
 */
function renderProblem(error: unknown, dataPath: string, paths: StylePaths): Problem {
  if (error instanceof StyleError) {
    return styleProblem(error.issues.map((issue) => ({ ...issue, path: stylePathOf(issue.path, paths) })));
  }
  if (error instanceof DataTooLongError) {
    // With a fixed version, the version is what to change (or drop), not the data.
    const path = error.version === null ? dataPath : stylePathOf('/style/version', paths);
    return new Problem('validation_failed', error.message, {
      errors: [{ path, message: error.message }],
    });
  }
  if (error instanceof QrError) {
    const path =
      error.code === 'invalid_logo' || error.code === 'logo_fetch_required'
        ? stylePathOf('/style/logo/src', paths)
        : dataPath;
    return new Problem('validation_failed', error.message, { errors: [{ path, message: error.message }] });
  }
  throw error;
}

/** How much the renderer keeps: a count of images, and bytes, since large PNGs add up. */
export interface ImageCacheBounds {
  maxEntries: number;
  maxBytes: number;
}

const CACHE_BOUNDS: ImageCacheBounds = { maxEntries: 64, maxBytes: 32 * 1024 * 1024 };

/**
 * Renders and verifies designs. The same (data, style, format) is rendered once and kept in a
 * small LRU, so the image in a create answer, a reload of the image URL and the redirect of a
 * design tool preview do not decode the same drawing again.
 */
export class ImageRenderer {
  private readonly cache: LRUCache<string, RenderedImage>;

  constructor(bounds: ImageCacheBounds = CACHE_BOUNDS) {
    // An image over maxBytes on its own is not kept (lru-cache's maxEntrySize defaults to maxSize).
    this.cache = new LRUCache({
      max: bounds.maxEntries,
      maxSize: bounds.maxBytes,
      sizeCalculation: (image) => Math.max(1, Buffer.byteLength(image.body)),
    });
  }

  async render(
    data: string,
    style: unknown,
    format: ImageFormat,
    paths: { data: string; style: StylePaths },
  ): Promise<RenderedImage> {
    const key = createHash('sha256')
      .update(format)
      .update('\0')
      .update(data)
      .update('\0')
      .update(JSON.stringify(style ?? {}))
      .digest('base64');
    const cached = this.cache.get(key);
    if (cached) return cached;
    let rendered: Awaited<ReturnType<typeof renderVerified>>;
    try {
      rendered = await (await qrNode()).renderVerified(data, style ?? {}, { png: format === 'png' });
    } catch (error) {
      throw renderProblem(error, paths.data, paths.style);
    }
    if (!rendered.verification.ok) {
      const { reason, message } = rendered.verification;
      throw new Problem('unscannable_design', `The design does not scan: ${message}`, {
        extensions: { reason },
      });
    }
    const image: RenderedImage =
      format === 'png' && rendered.png
        ? { format, body: rendered.png, contentType: 'image/png' }
        : { format: 'svg', body: rendered.svg, contentType: 'image/svg+xml; charset=utf-8' };
    this.cache.set(key, image);
    return image;
  }

  /**
   * A print file of the design: its SVG is rendered and verified first (the vector formats draw the
   * same layers), then it is laid out with at least the 4-module quiet zone print asks for.
   */
  async vector(
    data: string,
    style: unknown,
    format: VectorFormat,
    paths: { data: string; style: StylePaths },
    cmyk: boolean,
  ): Promise<VectorImage> {
    await this.render(data, style, 'svg', paths);
    let body: Buffer;
    try {
      const { designToVector } = await qrNode();
      body = await designToVector(createDesign(data, withPrintQuietZone(style)), format, { cmyk });
    } catch (error) {
      throw renderProblem(error, paths.data, paths.style);
    }
    return { format, body, contentType: VECTOR_CONTENT_TYPES[format] };
  }
}

type StyleObject = Record<string, unknown>;

function section(style: StyleObject, name: string): StyleObject {
  const value = style[name];
  return typeof value === 'object' && value !== null ? { ...(value as StyleObject) } : {};
}

/** The query parameter of the image endpoints that sets each style field. */
const OVERRIDE_PARAMETERS: Readonly<Record<string, keyof ImageQueryInput>> = {
  '/style/size': 'size',
  '/style/margin': 'margin',
  '/style/errorCorrection': 'errorCorrection',
  '/style/dots/type': 'dotsType',
  '/style/dots/color': 'dotsColor',
  '/style/cornerSquares/type': 'cornerSquaresType',
  '/style/cornerSquares/color': 'cornerSquaresColor',
  '/style/cornerDots/type': 'cornerDotsType',
  '/style/cornerDots/color': 'cornerDotsColor',
  '/style/background/color': 'backgroundColor',
  '/style/frame/text': 'frameText',
};

/**
 * Style issues of an image request point at the query parameter that set the field
 * (`/query/dotsColor`); a field the query left alone is the stored style's (`/style/...`).
 */
export function overridePaths(query: ImageQueryInput): (issuePath: string) => string {
  return (issuePath) => {
    const parameter = OVERRIDE_PARAMETERS[issuePath];
    return parameter !== undefined && query[parameter] !== undefined ? `/query/${parameter}` : issuePath;
  };
}

/** The stored style with the flat query overrides of the image endpoints laid over it. */
export function applyImageOverrides(style: unknown, query: ImageQueryInput): StyleObject {
  const result: StyleObject =
    typeof style === 'object' && style !== null ? { ...(style as StyleObject) } : {};
  if (query.size !== undefined) result.size = query.size;
  if (query.margin !== undefined) result.margin = query.margin;
  if (query.errorCorrection !== undefined) result.errorCorrection = query.errorCorrection;
  const paint = (name: string, type: string | undefined, color: string | undefined) => {
    if (type === undefined && color === undefined) return;
    const part = section(result, name);
    if (type !== undefined) part.type = type;
    // A colour given in the query replaces a stored gradient, or it would not show.
    if (color !== undefined) {
      part.color = color;
      part.gradient = null;
    }
    result[name] = part;
  };
  paint('dots', query.dotsType, query.dotsColor);
  paint('cornerSquares', query.cornerSquaresType, query.cornerSquaresColor);
  paint('cornerDots', query.cornerDotsType, query.cornerDotsColor);
  if (query.backgroundColor !== undefined) {
    result.background = { ...section(result, 'background'), color: query.backgroundColor, gradient: null };
  }
  if (query.frameText !== undefined) result.frame = { ...section(result, 'frame'), text: query.frameText };
  return result;
}
