import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { notFound } from '../../shared/problem.js';
import { type CodeState, dataPathOf, payloadOf, stateOf } from './code-state.js';
import {
  applyImageOverrides,
  type ImageFormat,
  ImageRenderer,
  overridePaths,
  type RenderedImage,
  type StylePaths,
} from './qrcodes.images.js';
import type { CodeLogos } from './qrcodes.logo.js';
import { findCode } from './qrcodes.repository.js';
import type { ImageQueryInput } from './qrcodes.schemas.js';

/**
 * Codes' images: drawn from the stored style (its logo asset inlined), verified by a decoder,
 * and kept in a small cache (qrcodes.images.ts). Also one-off designs for POST /render.
 */
export class CodeImages {
  private readonly renderer = new ImageRenderer();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { shortBase: string; logos: CodeLogos },
  ) {}

  /** The code's image with its stored style, with the image endpoints' query overrides laid over it. */
  async of(accountId: string, id: string, format: ImageFormat, overrides: ImageQueryInput = {}) {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    const state = stateOf(row);
    const style = await this.options.logos.inline(applyImageOverrides(state.style, overrides));
    return this.renderer.render(payloadOf(state, this.options.shortBase), style, format, {
      data: dataPathOf(state),
      style: overridePaths(overrides),
    });
  }

  /** A code about to be stored, drawn and verified: a design that does not scan is refused before it is saved. */
  async draw(state: CodeState, format: ImageFormat): Promise<RenderedImage> {
    const style = await this.options.logos.inline(state.style);
    return this.renderer.render(payloadOf(state, this.options.shortBase), style, format, {
      data: dataPathOf(state),
      style: '/body/style',
    });
  }

  /** A design that belongs to no code (POST /render). */
  oneOff(data: string, style: unknown, format: ImageFormat, paths: { data: string; style: StylePaths }) {
    return this.renderer.render(data, style, format, paths);
  }
}
