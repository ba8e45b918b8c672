import type { Kysely } from 'kysely';
import { createEdgeIndex, dropEdgeIndex } from './qrcodes-edge-index.js';

/**
 * The redirect edge's read of a code by (host, slug) from the index alone
 * (docs/adr/2026-11-26-cold-code-read.md): every column it reads is in `qrcodes_edge`, so a cold
 * scan walks one b-tree instead of the unique index and then the table. The unique constraint
 * stays (it enforces one code per host and slug); style, title, tags and payload are not here.
 * PostgreSQL keeps the same columns as INCLUDE (an index-only scan once the table is vacuumed).
 */
export const COVERED = [
  'id',
  'account_id',
  'mode',
  'target',
  'exec_json',
  'enabled',
  'active_from',
  'expires_at',
  'max_scans',
  'expired_target',
  'password_hash',
  'utm_json',
  'apps_json',
];

export async function up(db: Kysely<any>): Promise<void> {
  await createEdgeIndex(db, COVERED);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropEdgeIndex(db);
}
