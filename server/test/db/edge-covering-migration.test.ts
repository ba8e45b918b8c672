import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import {
  findRedirectRow,
  postgresRedirectReader,
  sqliteRedirectReader,
} from '../../src/modules/qrcodes/edge-code.repository.js';
import { newId } from '../../src/shared/ids.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { indexColumns } from '../helpers/indexes.js';
import { migrateTestDatabaseTo, migrationBefore } from '../helpers/migrations.js';

/**
 * A database from before the edge's covering index was renamed (`qrcodes_edge`, one name with the
 * edge code file): the migration names it `qrcodes_edge_covering` with the same columns, its
 * `down` gives the old name back, and the edge reads a code stored before it through the index.
 */

const RENAME = '2026_12_01_0100_qrcodes_edge_covering';
const before = migrationBefore(RENAME);

describe.each(engines)('the edge covering index renamed on a database from before, on $name', (engine) => {
  let database: TestDatabase;
  let coveredBefore: string[] = [];
  const slug = `before-${newId('qr').slice(-8)}`;

  beforeAll(async () => {
    database = await openTestDatabase(engine, { migrate: false });
    await migrateTestDatabaseTo(database, before);
    // A code as the version before this migration wrote it: the table as it was then.
    const db = database.handle.db as unknown as Kysely<Record<string, Record<string, string | number>>>;
    await db
      .insertInto('qrcodes')
      .values({
        id: newId('qr'),
        account_id: newId('acct'),
        slug,
        host_key: '',
        mode: 'redirect',
        target: 'https://example.com/stored-before-the-rename',
        style_json: '{}',
        tags_json: '[]',
        enabled: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    coveredBefore = await indexColumns(database.handle.db, engine.name, 'qrcodes_edge');
  });
  afterAll(() => database.close());

  it('renames the index and keeps every column it covered', async () => {
    const { db } = database.handle;
    expect(coveredBefore).toContain('target');
    await migrateTestDatabaseTo(database, RENAME);
    expect(await indexColumns(db, engine.name, 'qrcodes_edge_covering')).toEqual(coveredBefore);
    expect(await indexColumns(db, engine.name, 'qrcodes_edge')).toEqual([]);
  });

  it('gives the old name back when migrated down', async () => {
    const { db } = database.handle;
    await migrateTestDatabaseTo(database, before);
    expect(await indexColumns(db, engine.name, 'qrcodes_edge')).toEqual(coveredBefore);
    expect(await indexColumns(db, engine.name, 'qrcodes_edge_covering')).toEqual([]);
  });

  it('lets the edge read a code stored before it, through the index, once migrated', async () => {
    const { db, dialect, sqlite, pgPool } = database.handle;
    await migrateToLatest(db, database.schema);
    const target = 'https://example.com/stored-before-the-rename';
    expect(await findRedirectRow(db, dialect, '', slug)).toMatchObject({ slug, target });
    // SQLite's statement names the index (`indexed by`): it fails if the name is not there.
    const read = sqlite
      ? sqliteRedirectReader(sqlite)
      : postgresRedirectReader(pgPool as NonNullable<typeof pgPool>);
    expect(await read('', slug)).toMatchObject({ slug, target });
  });
});
