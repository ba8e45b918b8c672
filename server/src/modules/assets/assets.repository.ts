import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AssetRow, NewAssetRow } from './assets.table.js';

/** An asset's fields without its bytes. */
export type AssetInfo = Omit<AssetRow, 'data'>;

const INFO = ['id', 'account_id', 'content_type', 'byte_length', 'sha256', 'created_at'] as const;

/** Inserts the asset; false when the account already has one with the same bytes (sha256). */
export async function insertAsset(db: Kysely<Database>, row: NewAssetRow): Promise<boolean> {
  const inserted = await db
    .insertInto('assets')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'sha256']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The account's asset holding exactly these bytes, if it has one. */
export function findAssetBySha256(
  db: Kysely<Database>,
  workspaceId: string,
  sha256: string,
): Promise<AssetInfo | undefined> {
  return db
    .selectFrom('assets')
    .select(INFO)
    .where('account_id', '=', workspaceId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

export function findAssetInfo(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<AssetInfo | undefined> {
  return db
    .selectFrom('assets')
    .select(INFO)
    .where('id', '=', id)
    .where('account_id', '=', workspaceId)
    .executeTakeFirst();
}

/** An asset with its bytes, whoever owns it: asset URLs are public reads. */
export function findAssetWithData(db: Kysely<Database>, id: string): Promise<AssetRow | undefined> {
  return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes every asset of the workspace. */
export async function deleteWorkspaceAssets(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('assets').where('account_id', '=', workspaceId).execute();
}
