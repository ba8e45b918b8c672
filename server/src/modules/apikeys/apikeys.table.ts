import type { Insertable, Selectable } from 'kysely';

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** The key's first characters (`rq_AbC1`), shown so people can tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  key_hash: string;
  scopes_json: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
