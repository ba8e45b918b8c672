import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { workspaceRows } from '../../db/workspace-rows.js';
import type { HostnameRow, NewHostnameRow } from './hostnames.table.js';

/** All SQL of the hostnames module. Every query but the claim lookup is scoped to an account. */

export function insertHostname(db: Kysely<Database>, row: NewHostnameRow): Promise<unknown> {
  return db.insertInto('hostnames').values(row).execute();
}

/** Find, list a page of, change and delete one hostname of the workspace. */
export const {
  find: findHostname,
  list: listHostnames,
  update: updateHostname,
  remove: deleteHostname,
} = workspaceRows('hostnames');

/** Whoever holds a name, whatever the account: a name has one owner. */
export function findHostnameByName(db: Kysely<Database>, hostname: string): Promise<HostnameRow | undefined> {
  return db.selectFrom('hostnames').selectAll().where('hostname', '=', hostname).executeTakeFirst();
}

export async function countHostnames(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('hostnames')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes every hostname of a workspace; answers the ones it deleted. */
export async function deleteWorkspaceHostnames(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<HostnameRow[]> {
  const rows = await db.selectFrom('hostnames').selectAll().where('account_id', '=', workspaceId).execute();
  await db.deleteFrom('hostnames').where('account_id', '=', workspaceId).execute();
  return rows;
}

/** Every verified name, whatever the account: what the edge serves. */
export function listVerifiedHostnames(db: Kysely<Database>): Promise<HostnameRow[]> {
  return db.selectFrom('hostnames').selectAll().where('status', '=', 'verified').execute();
}

/** Names whose automatic check is due, the longest overdue first. */
export function listDueHostnames(db: Kysely<Database>, now: number, limit: number): Promise<HostnameRow[]> {
  return db
    .selectFrom('hostnames')
    .selectAll()
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a due check for this instance by moving its due time on; false when another instance
 * took it first (its due time is no longer the one we read).
 */
export async function claimDueCheck(
  db: Kysely<Database>,
  id: string,
  dueAt: number,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('hostnames')
    .set({ next_check_at: until })
    .where('id', '=', id)
    .where('next_check_at', '=', dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
