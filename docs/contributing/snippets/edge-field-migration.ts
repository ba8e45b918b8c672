// Quoted by CONTRIBUTING.md ("A field the edge reads"); type-checked by `npm run typecheck`
// (server/tsconfig.test.json) and compared with CONTRIBUTING by `npm run lint` (scripts/contributing-check.mjs).
// A migration that adds an edge field `note`: in server/src/db/migrations/ its imports are `./`.
import type { Kysely } from 'kysely';
import { COVERED as COVERED_BEFORE } from '../../../server/src/db/migrations/2026_11_28_0600_qrcodes_edge_index.js';
import { addEdgeColumn, dropEdgeColumn } from '../../../server/src/db/migrations/qrcodes-edge-index.js';

// snippet:start edge-field-migration
/** What `qrcodes_edge` covers from here on: the next edge field's migration starts from it. */
export const COVERED = [...COVERED_BEFORE, 'note'];

export async function up(db: Kysely<any>): Promise<void> {
  await addEdgeColumn(db, { name: 'note', sqlType: 'text' }, COVERED_BEFORE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropEdgeColumn(db, 'note', COVERED_BEFORE);
}
// snippet:end
