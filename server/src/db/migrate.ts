import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './create-db.js';
import { migrations } from './migrations/index.js';

/** Migrations are imported, not read from a folder, so the build needs no file copying. */
class ListedMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new ListedMigrations(),
    // Modules add migrations independently; an older-dated one arriving later still applies.
    allowUnorderedMigrations: true,
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `migration ${failed?.migrationName ?? '?'} failed: ${String((error as Error).message ?? error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrates a handle's database. On PostgreSQL the bookkeeping tables are pinned to the schema in
 * use, since Kysely otherwise finds another schema's copies and takes them for ours.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<string[]> {
  let schema = handle.schema;
  if (handle.dialect === 'postgres' && !schema) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
    schema = rows[0]?.schema;
  }
  return migrateToLatest(handle.db, schema);
}
