import type { Kysely } from 'kysely';
import { COVERED as COVERED_BEFORE } from './2026_11_28_0600_qrcodes_edge_index.js';
import { addEdgeColumn, dropEdgeColumn } from './qrcodes-edge-index.js';

/**
 * A code's own attribution setting (issue 47), `{ "enabled", "parameter" }` as JSON text; null:
 * the workspace's default. The edge reads it, so it is an edge field and `qrcodes_edge` covers it.
 */

/** What `qrcodes_edge` covers from here on: the next edge field's migration starts from it. */
export const COVERED = [...COVERED_BEFORE, 'attribution_json'];

export async function up(db: Kysely<any>): Promise<void> {
  await addEdgeColumn(db, { name: 'attribution_json', sqlType: 'text' }, COVERED_BEFORE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropEdgeColumn(db, 'attribution_json', COVERED_BEFORE);
}
