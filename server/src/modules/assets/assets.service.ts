import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import type { EventsService } from '../events/events.service.js';
import { checkImage } from './assets.image.js';
import {
  type AssetInfo,
  deleteWorkspaceAssets,
  findAssetBySha256,
  findAssetInfo,
  findAssetWithData,
  insertAsset,
} from './assets.repository.js';

/** Where an asset is read: public, so it can stand in `logo.src` and in an <img>. */
export const ASSETS_PATH = '/api/v1/assets';
const ASSET_ID = /^ast_[0-9a-z]{26}$/;
const ASSET_URL = /^\/api\/v1\/assets\/(ast_[0-9a-z]{26})$/;

export interface AssetResource {
  id: string;
  url: string;
  contentType: string;
  bytes: number;
  createdAt: string;
}

export interface StoredAsset {
  contentType: string;
  data: Buffer;
  sha256: string;
}

export const assetUrl = (id: string): string => `${ASSETS_PATH}/${id}`;

/**
 * The id in an asset URL: the path `/api/v1/assets/ast_...`, or the same path under the server's
 * public URL. Undefined for any other URL.
 */
export function assetIdOfUrl(src: string, publicUrl: string): string | undefined {
  const path = src.startsWith(`${publicUrl}/`) ? src.slice(publicUrl.length) : src;
  return ASSET_URL.exec(path)?.[1];
}

function resourceOf(row: AssetInfo): AssetResource {
  return {
    id: row.id,
    url: assetUrl(row.id),
    contentType: row.content_type,
    bytes: row.byte_length,
    createdAt: toIso(row.created_at) ?? '',
  };
}

/**
 * Images (logos) an account stores once and refers to by URL. The same bytes stored twice by one
 * account are one asset. Reading the bytes is public (the id is unguessable); everything else is
 * the owner's, and another account's asset is `undefined` here (a 404 to callers).
 */
export class AssetsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: EventsService,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Stores image bytes for the account (checked: 413 over the cap, 415 for a non-image, SVG
   * sanitised), or finds the account's asset with the same bytes. `path` names the request field
   * the bytes came in, for the problem's `errors`. A new asset is an `asset.created` event of the
   * access's actor, written with it; finding the same bytes changes nothing and records nothing.
   */
  async store(
    access: WorkspaceAccess,
    bytes: Uint8Array,
    path?: string,
  ): Promise<{ asset: AssetResource; created: boolean }> {
    const workspaceId = access.workspaceId;
    const image = checkImage(bytes, path);
    const data = Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const known = await findAssetBySha256(this.db, workspaceId, sha256);
    if (known) return { asset: resourceOf(known), created: false };
    const row = {
      id: newId('ast', this.clock.now()),
      account_id: workspaceId,
      content_type: image.type,
      byte_length: data.byteLength,
      sha256,
      data,
      created_at: this.clock.now(),
    };
    const inserted = await this.events.inTransaction(async (trx) => {
      if (!(await insertAsset(trx, row))) return { result: false, events: [] };
      const event = {
        type: 'asset.created',
        workspaceId: workspaceId,
        actor: access.actor,
        requestId: access.requestId,
        resource: { type: 'asset', id: row.id },
        data: { object: { ...resourceOf(row) } },
      };
      return { result: true, events: [event] };
    });
    if (inserted) return { asset: resourceOf(row), created: true };
    // A concurrent request of the account stored the same bytes first: that asset is this one.
    const raced = await findAssetBySha256(this.db, workspaceId, sha256);
    if (!raced) throw new Error(`asset ${sha256} of ${workspaceId} neither inserted nor found`);
    return { asset: resourceOf(raced), created: false };
  }

  /** The account's asset, or undefined (unknown, or another account's). */
  async getForAccount(workspaceId: string, id: string): Promise<AssetResource | undefined> {
    if (!ASSET_ID.test(id)) return undefined;
    const row = await findAssetInfo(this.db, workspaceId, id);
    return row ? resourceOf(row) : undefined;
  }

  /** The bytes behind an asset id, whoever owns it: asset URLs are public. */
  async read(id: string): Promise<StoredAsset | undefined> {
    if (!ASSET_ID.test(id)) return undefined;
    const row = await findAssetWithData(this.db, id);
    if (!row) return undefined;
    return { contentType: row.content_type, data: Buffer.from(row.data), sha256: row.sha256 };
  }

  /** Deletes every asset of the workspace (its deletion): asset URLs of its logos stop answering. */
  async eraseWorkspace(workspaceId: string): Promise<void> {
    await deleteWorkspaceAssets(this.db, workspaceId);
  }
}
