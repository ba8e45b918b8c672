import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the code list's sorts (`GET /qrcodes?sort=`): each leads with the workspace and ends
 * with the id, the tie-breaker of the keyset, so a page of a sorted list of thousands reads only
 * its rows. The title sort orders by `lower(coalesce(title, ''))`, so that expression is indexed.
 * Sorting by scans reads the scans module's counters and has no index here.
 */
const COLUMN_INDEXES = [
  ['qrcodes_account_slug_id', ['account_id', 'slug', 'id']],
  ['qrcodes_account_updated_id', ['account_id', 'updated_at', 'id']],
  ['qrcodes_account_created_id', ['account_id', 'created_at', 'id']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of COLUMN_INDEXES) {
    await db.schema
      .createIndex(name)
      .on('qrcodes')
      .columns([...columns])
      .execute();
  }
  await sql`create index qrcodes_account_title_id on qrcodes (account_id, (lower(coalesce(title, ''))), id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('qrcodes_account_title_id').execute();
  for (const [name] of COLUMN_INDEXES) await db.schema.dropIndex(name).execute();
}
