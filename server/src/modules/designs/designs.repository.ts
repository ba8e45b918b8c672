import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { workspaceRows } from '../../db/workspace-rows.js';
import type { NewDesignRow } from './designs.table.js';

/**
 * All SQL of the designs module. Every query is scoped to an account: another account's design is
 * not there.
 */

export async function insertDesign(db: Kysely<Database>, row: NewDesignRow): Promise<void> {
  await db.insertInto('designs').values(row).execute();
}

/** Find, list a page of, change and delete one design of the workspace. */
export const {
  find: findDesign,
  list: listDesigns,
  update: updateDesign,
  remove: deleteDesign,
} = workspaceRows('designs');

/** Deletes every design of the workspace. */
export async function deleteWorkspaceDesigns(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('designs').where('account_id', '=', workspaceId).execute();
}
