import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Role } from '../../plugins/permissions.js';
import type { InvitationRow, InvitationUpdate, MemberRow, NewInvitationRow } from './workspaces.table.js';

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

export function findMembers(db: Kysely<Database>, workspaceId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('workspace_members')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('joined_at')
    .orderBy('uid')
    .execute();
}

export function findOwner(db: Kysely<Database>, workspaceId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('workspace_members')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirst();
}

export async function updateMemberRole(
  db: Kysely<Database>,
  workspaceId: string,
  uid: string,
  role: Role,
): Promise<void> {
  await db
    .updateTable('workspace_members')
    .set({ role })
    .where('workspace_id', '=', workspaceId)
    .where('uid', '=', uid)
    .execute();
}

export async function deleteMember(db: Kysely<Database>, workspaceId: string, uid: string): Promise<void> {
  await db
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('uid', '=', uid)
    .execute();
}

/** The workspace's own rows: members and invitations (its account row is the accounts module's). */
export async function deleteWorkspaceRows(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('workspace_invitations').where('workspace_id', '=', workspaceId).execute();
  await db.deleteFrom('workspace_members').where('workspace_id', '=', workspaceId).execute();
}

export async function insertInvitation(db: Kysely<Database>, row: NewInvitationRow): Promise<void> {
  await db.insertInto('workspace_invitations').values(row).execute();
}

export function findInvitation(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findInvitationByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Invitations neither accepted nor revoked nor expired at `now`, oldest first. */
export function findPendingInvitations(
  db: Kysely<Database>,
  workspaceId: string,
  now: number,
  email?: string,
): Promise<InvitationRow[]> {
  let query = db
    .selectFrom('workspace_invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (email !== undefined) query = query.where('email', '=', email);
  return query.orderBy('id').execute();
}

export async function updateInvitation(
  db: Kysely<Database>,
  id: string,
  update: InvitationUpdate,
): Promise<void> {
  await db.updateTable('workspace_invitations').set(update).where('id', '=', id).execute();
}
