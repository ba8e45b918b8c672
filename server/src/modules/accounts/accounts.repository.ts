import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AccountRow, NewAccountRow } from './accounts.table.js';

export function findAccountById(db: Kysely<Database>, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountByFirebaseUid(db: Kysely<Database>, uid: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('firebase_uid', '=', uid).executeTakeFirst();
}

/** Inserts unless the uid already has an account (two first requests can race). */
export async function insertAccount(db: Kysely<Database>, row: NewAccountRow): Promise<void> {
  await db
    .insertInto('accounts')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
