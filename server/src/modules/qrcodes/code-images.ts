import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { notFound } from '../../shared/problem.js';
import { type CodeState, dataPathOf, payloadOf, stateOf } from './code-state.js';
import type { ImageUrls } from './image-urls.js';
import {
  applyImageOverrides,
  type ImageFormat,
  ImageRenderer,
  overridePaths,
  type RenderedImage,
  type StylePaths,
  type VectorFormat,
} from './qrcodes.images.js';
import type { CodeLogos } from './qrcodes.logo.js';
import { findCode, findCodeById } from './qrcodes.repository.js';
import type { ImageQueryInput } from './qrcodes.schemas.js';

/**
 * Codes' images: drawn from the stored style (its logo asset inlined), verified by a decoder,
 * and kept in a small cache (qrcodes.images.ts). Also one-off designs for POST /render.
 */
export class CodeImages {
  private readonly renderer = new ImageRenderer();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { shortBase: string; logos: CodeLogos; imageUrls: ImageUrls },
  ) {}

  /** The signed, cacheable URL of the code's image as stored now (a new URL whenever the image changes). */
  urlOf(id: string, state: CodeState, format: ImageFormat): string {
    const { imageUrls, shortBase } = this.options;
    return imageUrls.url(id, imageUrls.version(payloadOf(state, shortBase), state.style), format);
  }

  /**
   * The image behind a signed URL, or a 404: a signature this server did not give, a code that is
   * gone, or a version that is no longer what the code draws all look like a code that does not
   * exist. `render: false` checks only (for an If-None-Match answer).
   */
  async signed(
    url: { code: string; version: string; signature: string },
    format: ImageFormat,
    render: boolean,
  ): Promise<RenderedImage | undefined> {
    const { imageUrls, shortBase } = this.options;
    if (!imageUrls.verify(url.code, url.version, url.signature)) throw notFound('QR code image');
    const row = await findCodeById(this.db, url.code);
    if (!row) throw notFound('QR code image');
    const state = stateOf(row);
    if (imageUrls.version(payloadOf(state, shortBase), state.style) !== url.version) {
      throw notFound('QR code image');
    }
    if (!render) return undefined;
    const style = await this.options.logos.inline(state.style);
    return this.renderer.render(payloadOf(state, shortBase), style, format, {
      data: dataPathOf(state),
      style: '/style',
    });
  }

  /** The code's image with its stored style, with the image endpoints' query overrides laid over it. */
  async of(workspaceId: string, id: string, format: ImageFormat, overrides: ImageQueryInput = {}) {
    const row = await findCode(this.db, workspaceId, id);
    if (!row) throw notFound('QR code');
    const state = stateOf(row);
    const style = await this.options.logos.inline(applyImageOverrides(state.style, overrides));
    return this.renderer.render(payloadOf(state, this.options.shortBase), style, format, {
      data: dataPathOf(state),
      style: overridePaths(overrides),
    });
  }

  /** The code's print file (PDF or EPS) with its stored style and the image endpoints' overrides. */
  async vectorOf(
    workspaceId: string,
    id: string,
    format: VectorFormat,
    overrides: ImageQueryInput,
    cmyk: boolean,
  ) {
    const row = await findCode(this.db, workspaceId, id);
    if (!row) throw notFound('QR code');
    const state = stateOf(row);
    const style = await this.options.logos.inline(applyImageOverrides(state.style, overrides));
    return this.renderer.vector(
      payloadOf(state, this.options.shortBase),
      style,
      format,
      {
        data: dataPathOf(state),
        style: overridePaths(overrides),
      },
      cmyk,
    );
  }

  /** A code about to be stored, drawn and verified: a design that does not scan is refused before it is saved. */
  async draw(state: CodeState, format: ImageFormat, base = '/body'): Promise<RenderedImage> {
    const style = await this.options.logos.inline(state.style);
    return this.renderer.render(payloadOf(state, this.options.shortBase), style, format, {
      data: dataPathOf(state).replace(/^\/body/, base),
      style: `${base}/style`,
    });
  }

  /** A design that belongs to no code (POST /render). */
  oneOff(data: string, style: unknown, format: ImageFormat, paths: { data: string; style: StylePaths }) {
    return this.renderer.render(data, style, format, paths);
  }

  /** A design that belongs to no code, as a print file (POST /render with format pdf or eps). */
  oneOffVector(
    data: string,
    style: unknown,
    format: VectorFormat,
    paths: { data: string; style: StylePaths },
    cmyk: boolean,
  ) {
    return this.renderer.vector(data, style, format, paths, cmyk);
  }
}
