import { LRUCache } from 'lru-cache';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { Problem } from '../../shared/problem.js';
import { SafeFetchError, safeFetch } from '../../shared/safe-fetch.js';
import { ASSET_MAX_BYTES, imageOfDataUrl, imageTooLarge, notAnImage } from '../assets/assets.image.js';
import { assetIdOfUrl, assetUrl } from '../assets/assets.service.js';

const LOGO_TIMEOUT_MS = 5000;
const LOGO_TYPES = /^image\/(png|jpeg|webp|svg\+xml)\b/i;

type Style = Record<string, unknown>;

function refused(path: string, message: string): Problem {
  return new Problem('validation_failed', `${path}: ${message}`, { errors: [{ path, message }] });
}

/**
 * Fetches a logo URL behind the SSRF guard (public addresses only, size-capped, image types only)
 * and answers its bytes. Over the cap is a 413, an answer that is no image a 415; a URL that
 * cannot be fetched a 400.
 */
export async function fetchLogoBytes(
  url: string,
  path: string,
  allow: readonly string[] = [],
): Promise<Buffer> {
  try {
    const response = await safeFetch(
      url,
      {
        timeoutMs: LOGO_TIMEOUT_MS,
        maxBytes: ASSET_MAX_BYTES,
        maxRedirects: 3,
        headers: { accept: 'image/png, image/jpeg, image/webp, image/svg+xml' },
      },
      allow,
    );
    const type = String(response.headers['content-type'] ?? '');
    if (!LOGO_TYPES.test(type)) {
      throw notAnImage(
        `The logo URL answered ${type || 'no content type'}, not a PNG, JPEG, WebP or SVG image.`,
        path,
      );
    }
    return response.body;
  } catch (error) {
    if (error instanceof SafeFetchError) {
      if (error.reason === 'too_large') throw imageTooLarge(undefined, path);
      throw refused(path, `the logo could not be fetched: ${error.message}`);
    }
    throw error;
  }
}

/** The assets service as this module uses it (modules/assets). */
export interface LogoAssets {
  /** Stores the bytes as the workspace's asset; a new one is an `asset.created` event of the access's actor. */
  store(access: WorkspaceAccess, bytes: Uint8Array, path?: string): Promise<{ asset: { url: string } }>;
  getForAccount(workspaceId: string, id: string): Promise<{ url: string } | undefined>;
  read(id: string): Promise<{ contentType: string; data: Buffer } | undefined>;
}

export interface CodeLogosOptions {
  assets: LogoAssets;
  /** An absolute asset URL under the public URL is the same asset as its path. */
  publicUrl: string;
  /** Hosts and networks logo fetches may reach besides public addresses (SSRF_ALLOW). */
  ssrfAllow: readonly string[];
}

/** Asset bytes as data: URLs for drawing; assets never change under their id, so this never goes stale. */
const INLINE_CACHE_ENTRIES = 16;

/**
 * A code's logo is stored once, as an asset of the code's account, and the stored style refers to
 * it by URL (`/api/v1/assets/ast_...`): answers stay small however large the logo. A logo given by
 * http(s) URL is fetched once (SSRF guard), a data: URL decoded; both are checked like an upload
 * (413 over 512 KiB, 415 for a non-image). An asset URL must be the account's own asset.
 */
export class CodeLogos {
  private readonly inlined = new LRUCache<string, string>({ max: INLINE_CACHE_ENTRIES });

  constructor(private readonly options: CodeLogosOptions) {}

  /**
   * The style with its logo stored as the workspace's asset, `logo.src` its URL. `path` is the
   * style's. A logo stored here for the first time is the asset's own change (`asset.created`,
   * by the access's actor), kept even when the code or design it came with is then refused.
   */
  async store(access: WorkspaceAccess, style: Style, path: string): Promise<Style> {
    const logo = style.logo as { src?: unknown } | null | undefined;
    if (!logo || typeof logo.src !== 'string') return style;
    const src = await this.storedSrc(access, logo.src, `${path}/logo/src`);
    return src === logo.src ? style : { ...style, logo: { ...logo, src } };
  }

  private async storedSrc(access: WorkspaceAccess, src: string, path: string): Promise<string> {
    const id = assetIdOfUrl(src, this.options.publicUrl);
    if (id !== undefined) {
      if (!(await this.options.assets.getForAccount(access.workspaceId, id))) {
        throw new Problem('not_found', 'No asset with that id exists in this account.', {
          errors: [{ path, message: 'is not an asset of this account' }],
        });
      }
      return assetUrl(id);
    }
    let bytes: Uint8Array;
    if (/^https?:\/\//i.test(src)) bytes = await fetchLogoBytes(src, path, this.options.ssrfAllow);
    else if (/^data:/i.test(src)) bytes = imageOfDataUrl(src, path).bytes;
    // Anything else is refused by the style check, with its path.
    else return src;
    const { asset } = await this.options.assets.store(access, bytes, path);
    return asset.url;
  }

  /** The style as drawn: a logo by asset URL replaced by its bytes as a data: URL. */
  async inline(style: unknown): Promise<unknown> {
    if (typeof style !== 'object' || style === null) return style;
    const logo = (style as Style).logo as { src?: unknown } | null | undefined;
    if (!logo || typeof logo.src !== 'string') return style;
    const id = assetIdOfUrl(logo.src, this.options.publicUrl);
    if (id === undefined) return style;
    return { ...style, logo: { ...logo, src: await this.dataUrlOf(id) } };
  }

  private async dataUrlOf(id: string): Promise<string> {
    const known = this.inlined.get(id);
    if (known !== undefined) return known;
    const asset = await this.options.assets.read(id);
    if (!asset) throw new Problem('not_found', `The logo asset ${id} no longer exists.`);
    const dataUrl = `data:${asset.contentType};base64,${asset.data.toString('base64')}`;
    this.inlined.set(id, dataUrl);
    return dataUrl;
  }
}
