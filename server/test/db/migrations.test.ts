import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-db.js';
import { migrateDatabase, migrateToLatest } from '../../src/db/migrate.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { engines, openTestDatabase, testSchemaName } from '../helpers/engines.js';

describe.each(engines)('storage on $name', (engine) => {
  it('migrates, is idempotent, and stores and reads an account', async () => {
    const database = await openTestDatabase(engine);
    try {
      expect(await migrateToLatest(database.handle.db, database.schema)).toEqual([]);
      const accounts = new AccountsService(database.handle.db);
      const first = await accounts.ensureForFirebase({
        uid: 'u1',
        email: 'ada@example.com',
        displayName: 'Ada',
      });
      const again = await accounts.ensureForFirebase({ uid: 'u1', email: 'other@example.com' });
      expect(again.id).toBe(first.id);
      expect(first.id).toMatch(/^acct_[0-9a-z]{26}$/);
      expect(await accounts.getById(first.id)).toEqual(first);
      expect(first).toMatchObject({
        uid: 'u1',
        email: 'ada@example.com',
        displayName: 'Ada',
        photoURL: null,
      });
      expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await database.close();
    }
  });

  it('creates one account when two first sign-ins race', async () => {
    const database = await openTestDatabase(engine);
    try {
      const accounts = new AccountsService(database.handle.db);
      const [a, b] = await Promise.all([
        accounts.ensureForFirebase({ uid: 'race' }),
        accounts.ensureForFirebase({ uid: 'race' }),
      ]);
      expect(a.id).toBe(b.id);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(engines.some((engine) => engine.name === 'postgres'))(
  'migrations on a shared PostgreSQL',
  () => {
    it('migrates a schema even when another schema on the server has its own migration tables', async () => {
      const other = await openTestDatabase({ name: 'postgres' }); // a migrated schema, kysely tables included
      const admin = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL as string, pgPoolSize: 1 });
      const schema = testSchemaName(); // dropped with the run's others (global-setup.ts)
      await admin.db.schema.createSchema(schema).execute();
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const fresh = createDatabase({ databaseUrl: url.toString(), pgPoolSize: 1 }); // no pgSchema: like DATABASE_URL
      try {
        expect((await migrateDatabase(fresh)).length).toBeGreaterThan(0);
        expect(await migrateDatabase(fresh)).toEqual([]);
      } finally {
        await fresh.destroy();
        await admin.destroy();
        await other.close();
      }
    });

    it('migrates while another application on the server creates and drops its tables', async () => {
      const admin = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL as string, pgPoolSize: 1 });
      const neighbour = testSchemaName(); // dropped with the run's others (global-setup.ts)
      await admin.db.schema.createSchema(neighbour).execute();
      let churning = true;
      const churn = (async () => {
        for (let i = 0; churning; i++) {
          await sql`create table ${sql.id(neighbour, `t${i}`)} (id serial primary key, note text)`.execute(
            admin.db,
          );
          await sql`drop table ${sql.id(neighbour, `t${i}`)}`.execute(admin.db);
        }
      })();
      try {
        for (let run = 0; run < 5; run++) {
          const database = await openTestDatabase({ name: 'postgres' }, { migrate: false });
          try {
            expect((await migrateDatabase(database.handle)).length).toBeGreaterThan(0);
            const tables = await database.handle.db.introspection.getTables();
            expect(tables.every((table) => table.schema === database.schema)).toBe(true);
            expect(tables.map((table) => table.name)).toContain('qrcodes');
          } finally {
            await database.close();
          }
        }
      } finally {
        churning = false;
        await churn;
        await admin.destroy();
      }
    });
  },
);
