import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DesignRow, DesignRowUpdate, NewDesignRow } from './designs.table.js';

/**
 * All SQL of the designs module. Every query is scoped to an account: another account's design is
 * not there.
 */

export async function insertDesign(db: Kysely<Database>, row: NewDesignRow): Promise<void> {
  await db.insertInto('designs').values(row).execute();
}

export function findDesign(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<DesignRow | undefined> {
  return db
    .selectFrom('designs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One page of the account's designs, newest first (ids sort by creation); `before` is the last id of the previous page. */
export function listDesigns(
  db: Kysely<Database>,
  accountId: string,
  page: { before?: string | undefined; limit: number },
): Promise<DesignRow[]> {
  let query = db.selectFrom('designs').selectAll().where('account_id', '=', accountId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** Changes a design; false when the account has no such design. */
export async function updateDesign(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  changes: DesignRowUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('designs')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a design; false when the account has no such design. */
export async function deleteDesign(db: Kysely<Database>, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('designs')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every design of the workspace. */
export async function deleteWorkspaceDesigns(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('designs').where('account_id', '=', workspaceId).execute();
}
