import { type Migration, Migrator } from 'kysely';
import { migrations } from '../../src/db/migrations/index.js';
import type { TestDatabase } from './engines.js';

const names = Object.keys(migrations).sort();

/** The migration that runs just before `name`: where a database "made before it" stops. */
export function migrationBefore(name: string): string {
  const at = names.indexOf(name);
  if (at < 1) throw new Error(`no migration before ${name}`);
  return names[at - 1] as string;
}

/**
 * Migrates a test database up or down to `name` (applied included), as the app's migrator would:
 * a test that writes rows as an older version did stops the schema there first.
 */
export async function migrateTestDatabaseTo(database: TestDatabase, name: string): Promise<void> {
  const migrator = new Migrator({
    db: database.handle.db,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
    allowUnorderedMigrations: true,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
