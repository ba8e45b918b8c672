import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ApiKeyRow, NewApiKeyRow } from './apikeys.table.js';

export async function insertApiKey(db: Kysely<Database>, row: NewApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export function findApiKeyByHash(db: Kysely<Database>, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export function findLiveApiKey(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Live (unrevoked) keys of one account, newest first, after the cursor id when given. */
export function listApiKeys(
  db: Kysely<Database>,
  workspaceId: string,
  options: { limit: number; before?: string | undefined },
): Promise<ApiKeyRow[]> {
  let query = db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', workspaceId)
    .where('revoked_at', 'is', null);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

/** Revokes a live key of this account; false when there is none (foreign, unknown or revoked). */
export async function revokeApiKey(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('account_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes every key of a workspace. */
export async function deleteWorkspaceApiKeys(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('api_keys').where('account_id', '=', workspaceId).execute();
}

/**
 * Records use, at most once a minute per key: the condition makes the write a no-op when another
 * request (on any instance) wrote a fresh time already.
 */
export async function touchApiKey(
  db: Kysely<Database>,
  id: string,
  now: number,
  everyMs: number,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - everyMs)]))
    .execute();
}
