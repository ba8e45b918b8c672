import type { Insertable, Selectable, Updateable } from 'kysely';

export interface AccountsTable {
  id: string;
  firebase_uid: string | null;
  email: string | null;
  display_name: string | null;
  photo_url: string | null;
  created_at: number;
  updated_at: number;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
