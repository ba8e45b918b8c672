import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Role } from '../../plugins/permissions.js';
import type { MemberRow } from './workspaces.table.js';

export function findMember(
  db: Kysely<Database>,
  workspaceId: string,
  uid: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('workspace_members')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

export function findMembershipsOfUser(db: Kysely<Database>, uid: string): Promise<MemberRow[]> {
  return db.selectFrom('workspace_members').selectAll().where('uid', '=', uid).execute();
}

/** Adds a member unless they already are one (two first sign-ins can race). */
export async function insertMember(
  db: Kysely<Database>,
  row: { workspace_id: string; uid: string; role: Role; joined_at: number },
): Promise<void> {
  await db
    .insertInto('workspace_members')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
