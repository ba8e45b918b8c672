import type { Kysely } from 'kysely';
import { EDGE_INDEX as BEFORE } from './2026_11_30_0710_qrcodes_attribution.js';
import { type EdgeCoveringIndex, renameEdgeIndex } from './edge-covering-index.js';

/**
 * The edge's covering index was `qrcodes_edge`, one name with the edge code file and its hash
 * table: now `qrcodes_edge_covering`, the same columns (issue 45's names).
 */

/** The covering index from here on: the next edge field's migration starts from it. */
export const EDGE_INDEX: EdgeCoveringIndex = { ...BEFORE, name: 'qrcodes_edge_covering' };

export async function up(db: Kysely<any>): Promise<void> {
  await renameEdgeIndex(db, BEFORE, EDGE_INDEX.name);
}

export async function down(db: Kysely<any>): Promise<void> {
  await renameEdgeIndex(db, EDGE_INDEX, BEFORE.name);
}
