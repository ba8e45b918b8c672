import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import type { DatabaseHandle } from './create-db.js';
import { migrationNotes } from './migration-notes.js';
import { migrations } from './migrations/index.js';

/** Migrations are imported, not read from a folder, so the build needs no file copying. */
class ListedMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * The database was migrated by a newer RQ Codes than this one: it holds migrations this build does
 * not know. Starting would run old code on a schema it never saw, so it is refused, with what to do.
 */
export class DatabaseIsNewerError extends Error {
  readonly code = 'database_is_newer';
  constructor(readonly unknown: string[]) {
    super(
      `this database was upgraded by a newer RQ Codes: it has ${unknown.length} migration(s) this version does not know (${unknown.join(', ')}). ` +
        'Downgrading is refused: run the newer version again, or restore the backup taken before the upgrade into an empty DATA_DIR (npm run restore) or database.',
    );
    this.name = 'DatabaseIsNewerError';
  }
}

/** Where migrations stand: the ones already applied, in order, and the ones this build would apply. */
export interface MigrationPlan {
  applied: string[];
  pending: string[];
}

/** Says what a migration step does; `console.log` for the command line, the app's logger at start. */
export type MigrationReporter = (message: string, details: Record<string, unknown>) => void;

/** The names in Kysely's bookkeeping table, oldest first; none before the first migration. */
async function appliedMigrations(db: Kysely<any>, schema?: string): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const exists = tables.some(
    (table) =>
      table.name === DEFAULT_MIGRATION_TABLE && (!schema || !table.schema || table.schema === schema),
  );
  if (!exists) return [];
  const table = schema ? db.withSchema(schema) : db;
  const rows = await table
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select(['name'])
    .orderBy('timestamp')
    .orderBy('name')
    .execute();
  return rows.map((row: { name: string }) => row.name);
}

/**
 * What migrating would do, or DatabaseIsNewerError when the database holds a migration this build
 * does not have (a downgrade).
 */
export async function planMigrations(db: Kysely<any>, schema?: string): Promise<MigrationPlan> {
  const applied = await appliedMigrations(db, schema);
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) throw new DatabaseIsNewerError(unknown);
  const done = new Set(applied);
  return { applied, pending: Object.keys(migrations).filter((name) => !done.has(name)) };
}

/** A migration's line for the operator: its name and what it does. */
export function describeMigration(name: string): string {
  return `${name}: ${migrationNotes[name] ?? 'no description'}`;
}

export async function migrateToLatest(
  db: Kysely<any>,
  schema?: string,
  report?: MigrationReporter,
): Promise<string[]> {
  const plan = await planMigrations(db, schema);
  if (report) {
    if (plan.pending.length === 0) {
      report(`database schema is up to date (${plan.applied.at(-1) ?? 'empty'})`, {
        schemaVersion: plan.applied.at(-1),
      });
    } else {
      report(
        `${plan.applied.length === 0 ? 'creating the database' : `upgrading the database from ${plan.applied.at(-1)}`}: ${plan.pending.length} migration(s) to apply`,
        { from: plan.applied.at(-1) ?? null, pending: plan.pending },
      );
      for (const name of plan.pending) report(`migration ${describeMigration(name)}`, { migration: name });
    }
  }
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
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (report && applied.length > 0)
    report(`database migrated: ${applied.length} applied, schema now at ${applied.at(-1)}`, {
      applied: applied.length,
      schemaVersion: applied.at(-1),
    });
  return applied;
}

/** The schema a handle's tables live in on PostgreSQL (undefined on SQLite). */
export async function schemaOf(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.dialect !== 'postgres' || handle.schema) return handle.schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  return rows[0]?.schema;
}

/**
 * Migrates a handle's database. On PostgreSQL the bookkeeping tables are pinned to the schema in
 * use, since Kysely otherwise finds another schema's copies and takes them for ours.
 */
export async function migrateDatabase(handle: DatabaseHandle, report?: MigrationReporter): Promise<string[]> {
  return migrateToLatest(handle.db, await schemaOf(handle), report);
}
