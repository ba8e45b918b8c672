// Quoted by CONTRIBUTING.md ("A field the edge reads"); type-checked by `npm run typecheck`
// (server/tsconfig.test.json) and compared with CONTRIBUTING by `npm run lint` (scripts/contributing-check.mjs).
// A migration that adds an edge field `note`: in server/src/db/migrations/ its imports are `./`.
import type { Kysely } from 'kysely';
import { EDGE_INDEX as BEFORE } from '../../../server/src/db/migrations/2026_12_01_0100_qrcodes_edge_covering.js';
import {
  addEdgeColumn,
  dropEdgeColumn,
  withEdgeColumn,
} from '../../../server/src/db/migrations/edge-covering-index.js';

// snippet:start edge-field-migration
/** The covering index from here on: the next edge field's migration starts from it. */
export const EDGE_INDEX = withEdgeColumn(BEFORE, 'note');

export async function up(db: Kysely<any>): Promise<void> {
  await addEdgeColumn(db, BEFORE, { name: 'note', sqlType: 'text' });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropEdgeColumn(db, BEFORE, 'note');
}
// snippet:end
