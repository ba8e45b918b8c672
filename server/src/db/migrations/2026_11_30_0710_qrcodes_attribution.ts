import type { Kysely } from 'kysely';
import { EDGE_INDEX as BEFORE } from './2026_11_28_0600_qrcodes_edge_index.js';
import { addEdgeColumn, dropEdgeColumn, withEdgeColumn } from './edge-covering-index.js';

/**
 * A code's own attribution setting (issue 47), `{ "enabled", "parameter" }` as JSON text; null:
 * the workspace's default. The edge reads it, so it is an edge field and the covering index covers it.
 */

/** The covering index from here on: the next edge field's migration starts from it. */
export const EDGE_INDEX = withEdgeColumn(BEFORE, 'attribution_json');

export async function up(db: Kysely<any>): Promise<void> {
  await addEdgeColumn(db, BEFORE, { name: 'attribution_json', sqlType: 'text' });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropEdgeColumn(db, BEFORE, 'attribution_json');
}
