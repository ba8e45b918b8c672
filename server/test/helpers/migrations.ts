import { type Migration, Migrator } from 'kysely';
import { migrations } from '../../src/db/migrations/index.js';
import type { TestDatabase } from './engines.js';

/** Every migration's name, in the order they apply. */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

/** The migration that runs just before `name`: where a database "made before it" stops. */
export function migrationBefore(name: string): string {
  const at = migrationNames.indexOf(name);
  if (at < 1) throw new Error(`no migration before ${name}`);
  return migrationNames[at - 1] as string;
}

/** The app's migrations over a test database, with its migration table where the app keeps it. */
function migratorOf(database: TestDatabase): Migrator {
  return new Migrator({
    db: database.handle.db,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
    allowUnorderedMigrations: true,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

/**
 * Migrates a test database up or down to `name` (applied included), as the app's migrator would:
 * a test that writes rows as an older version did stops the schema there first.
 */
export async function migrateTestDatabaseTo(database: TestDatabase, name: string): Promise<void> {
  const { error } = await migratorOf(database).migrateTo(name);
  if (error) throw error;
}

/** The names of the migrations a test database has applied, sorted. */
export async function appliedMigrations(database: TestDatabase): Promise<string[]> {
  const known = await migratorOf(database).getMigrations();
  return known
    .filter((migration) => migration.executedAt !== undefined)
    .map((migration) => migration.name)
    .sort();
}
