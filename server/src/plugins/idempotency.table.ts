/** A create's answer kept under its `Idempotency-Key`, per account, for 24 hours (idempotency.ts). */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 of method, path, query, Accept and body: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first request is still being answered. */
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: number;
}
