import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface AccountsTable {
  id: string;
  firebase_uid: string | null;
  email: string | null;
  display_name: string | null;
  photo_url: string | null;
  /** The marketplace's user id (X-RapidAPI-User) for accounts that come through the marketplace. */
  marketplace_user: string | null;
  /** Kept in clear: the server signs with it (see docs/adr/2026-11-22-accounts-keys-and-secrets.md). */
  signing_secret: string | null;
  signing_secret_created_at: number | null;
  /** The secret the last rotation replaced; it signs beside the new one until `signing_secret_previous_until`. */
  signing_secret_previous: string | null;
  signing_secret_previous_until: number | null;
  /** The workspace's name (an account is a workspace). */
  name: string | null;
  /** 1 for a user's own workspace, made at first sign-in; 0 for a team workspace. */
  personal: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
