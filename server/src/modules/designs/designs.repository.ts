import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DesignRow, DesignRowUpdate, DesignsTable, NewDesignRow } from './designs.table.js';

/**
 * All SQL of the designs module. Every query is scoped to an account: another account's design is
 * not there.
 */

/** The database with this module's table (db/database.ts lists the others). */
export type DesignsDatabase = Kysely<Database & { designs: DesignsTable }>;

export function designsDb(db: Kysely<Database>): DesignsDatabase {
  return db.withTables<{ designs: DesignsTable }>();
}

export async function insertDesign(db: DesignsDatabase, row: NewDesignRow): Promise<void> {
  await db.insertInto('designs').values(row).execute();
}

export function findDesign(
  db: DesignsDatabase,
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
  db: DesignsDatabase,
  accountId: string,
  page: { before?: string | undefined; limit: number },
): Promise<DesignRow[]> {
  let query = db.selectFrom('designs').selectAll().where('account_id', '=', accountId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** Changes a design; false when the account has no such design. */
export async function updateDesign(
  db: DesignsDatabase,
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
export async function deleteDesign(db: DesignsDatabase, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('designs')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
