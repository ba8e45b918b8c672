import { describe, expect, it } from 'vitest';
import { DatabaseIsNewerError, migrateToLatest, planMigrations } from '../../src/db/migrate.js';
import { migrationNotes } from '../../src/db/migration-notes.js';
import { migrations } from '../../src/db/migrations/index.js';
import { engines, openTestDatabase } from '../helpers/engines.js';

const FUTURE = '2099_01_01_0000_from_a_newer_version';

it('every migration says what it does', () => {
  expect(Object.keys(migrationNotes).sort()).toEqual(Object.keys(migrations).sort());
});

describe.each(engines)('migrations on $name', (engine) => {
  it('say each step as they take it, then that the schema is up to date', async () => {
    const database = await openTestDatabase(engine, { migrate: false });
    try {
      const said: string[] = [];
      const applied = await migrateToLatest(database.handle.db, database.schema, (line) => said.push(line));
      const names = Object.keys(migrations);
      expect(applied).toEqual(names);
      expect(said[0]).toBe(`creating the database: ${names.length} migration(s) to apply`);
      expect(said).toContain(
        'migration 2026_11_22_0010_api_keys: creates API keys (stored as hashes) and the accounts’ signing secrets',
      );
      expect(said.at(-1)).toBe(`database migrated: ${names.length} applied, schema now at ${names.at(-1)}`);

      const again: string[] = [];
      expect(await migrateToLatest(database.handle.db, database.schema, (line) => again.push(line))).toEqual(
        [],
      );
      expect(again).toEqual([`database schema is up to date (${names.at(-1)})`]);
    } finally {
      await database.close();
    }
  });

  it('refuse a database a newer version migrated, naming what this one does not know', async () => {
    const database = await openTestDatabase(engine);
    try {
      const table = database.schema ? database.handle.db.withSchema(database.schema) : database.handle.db;
      await (table as typeof database.handle.db)
        .insertInto('kysely_migration' as never)
        .values({ name: FUTURE, timestamp: new Date().toISOString() } as never)
        .execute();
      const refused = await migrateToLatest(database.handle.db, database.schema).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DatabaseIsNewerError);
      expect((refused as Error).message).toContain(`upgraded by a newer RQ Codes`);
      expect((refused as Error).message).toContain(FUTURE);
      expect((refused as Error).message).toContain('npm run restore');
      await expect(planMigrations(database.handle.db, database.schema)).rejects.toThrow(FUTURE);
    } finally {
      await database.close();
    }
  });
});
