import type { Kysely } from 'kysely';
import { createEdgeIndex, dropEdgeIndex, type EdgeCoveringIndex } from './edge-covering-index.js';

/**
 * The redirect edge's read of a code by (host, slug) from the index alone
 * (docs/adr/2026-11-26-cold-code-read.md): every column it reads is in `qrcodes_edge`, so a cold
 * scan walks one b-tree instead of the unique index and then the table. The unique constraint
 * stays (it enforces one code per host and slug); style, title, tags and payload are not here.
 * PostgreSQL keeps the same columns as INCLUDE (an index-only scan once the table is vacuumed).
 */
const COVERED = [
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

/** The index as this migration made it: the next edge field's migration starts from it. */
export const EDGE_INDEX: EdgeCoveringIndex = { name: 'qrcodes_edge', covered: COVERED };

export async function up(db: Kysely<any>): Promise<void> {
  await createEdgeIndex(db, EDGE_INDEX);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropEdgeIndex(db, EDGE_INDEX);
}
