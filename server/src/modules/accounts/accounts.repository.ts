import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AccountRow, AccountUpdate, NewAccountRow } from './accounts.table.js';

export function findAccountById(db: Kysely<Database>, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountByFirebaseUid(db: Kysely<Database>, uid: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('firebase_uid', '=', uid).executeTakeFirst();
}

export function findAccountByMarketplaceUser(
  db: Kysely<Database>,
  user: string,
): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('marketplace_user', '=', user).executeTakeFirst();
}

export function findAccountsByFirebaseUids(
  db: Kysely<Database>,
  uids: readonly string[],
): Promise<AccountRow[]> {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('firebase_uid', 'in', [...uids])
    .execute();
}

/** Deletes a team workspace's row; a personal account (a user's own) is never deleted here. */
export async function deleteTeamAccount(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('accounts').where('id', '=', id).where('personal', '=', 0).execute();
}

/** Inserts unless the uid (or marketplace user) already has an account (two first requests can race). */
export async function insertAccount(db: Kysely<Database>, row: NewAccountRow): Promise<void> {
  await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function updateAccount(db: Kysely<Database>, id: string, update: AccountUpdate): Promise<void> {
  await db.updateTable('accounts').set(update).where('id', '=', id).execute();
}

/** Sets the signing secret only if none is set yet, so two first reads agree on one secret. */
export async function setSigningSecretIfAbsent(
  db: Kysely<Database>,
  id: string,
  secret: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ signing_secret: secret, signing_secret_created_at: now, updated_at: now })
    .where('id', '=', id)
    .where('signing_secret', 'is', null)
    .execute();
}
