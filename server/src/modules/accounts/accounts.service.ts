import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { findAccountByFirebaseUid, findAccountById, insertAccount } from './accounts.repository.js';
import type { AccountRow } from './accounts.table.js';

export interface Account {
  id: string;
  uid: string | null;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  createdAt: string;
}

export interface FirebaseIdentity {
  uid: string;
  email?: string | null | undefined;
  displayName?: string | null | undefined;
  photoURL?: string | null | undefined;
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    uid: row.firebase_uid,
    email: row.email,
    displayName: row.display_name,
    photoURL: row.photo_url,
    createdAt: toIso(row.created_at) ?? '',
  };
}

export class AccountsService {
  constructor(private readonly db: Kysely<Database>) {}

  async getById(id: string): Promise<Account | undefined> {
    const row = await findAccountById(this.db, id);
    return row && toAccount(row);
  }

  /** The account of a Firebase user, created on first sign-in. */
  async ensureForFirebase(identity: FirebaseIdentity): Promise<Account> {
    const existing = await findAccountByFirebaseUid(this.db, identity.uid);
    if (existing) return toAccount(existing);
    const now = Date.now();
    await insertAccount(this.db, {
      id: newId('acct', now),
      firebase_uid: identity.uid,
      email: identity.email ?? null,
      display_name: identity.displayName ?? null,
      photo_url: identity.photoURL ?? null,
      created_at: now,
      updated_at: now,
    });
    const created = await findAccountByFirebaseUid(this.db, identity.uid);
    if (!created) throw new Error(`account for ${identity.uid} vanished after insert`);
    return toAccount(created);
  }
}
