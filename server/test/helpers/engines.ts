import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import type { Dialect } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export interface Engine {
  name: Dialect;
}

/** SQLite always; PostgreSQL whenever TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = [
  { name: 'sqlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const }] : []),
];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string for PostgreSQL (with this test's schema), for processes we spawn. */
  url: string | undefined;
  schema: string | undefined;
  close(): Promise<void>;
}

/** A new schema name of this run (dropped when the run ends, see global-setup.ts). */
export function testSchemaName(): string {
  return `${inject('pgSchemaPrefix')}${randomBytes(6).toString('hex')}`;
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or a PostgreSQL schema of
 * its own (so test files run in parallel without seeing each other's rows). The schema outlives
 * the file: the run drops its schemas when every file is done (global-setup.ts).
 * `migrate: false` leaves it empty, for tests that migrate it their own way.
 */
export async function openTestDatabase(
  engine: Engine,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (engine.name === 'sqlite') {
    const handle = createDatabase({ sqliteFile: ':memory:' });
    if (migrate) await migrateToLatest(handle.db);
    return { handle, url: undefined, schema: undefined, close: () => handle.destroy() };
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const schema = testSchemaName();
  const admin = createDatabase({ databaseUrl: base, pgPoolSize: 1 });
  await admin.db.schema.createSchema(schema).execute();
  await admin.destroy();
  const handle = createDatabase({ databaseUrl: base, pgSchema: schema, pgPoolSize: 5 });
  if (migrate) await migrateToLatest(handle.db, schema);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { handle, url: url.toString(), schema, close: () => handle.destroy() };
}
