import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/create-db.js';

/**
 * Says once, at the top of the run, which database engines the storage tests run on, and names
 * this run's PostgreSQL schemas (`inject('pgSchemaPrefix')`, see engines.ts).
 *
 * The schemas are dropped here, once every file has finished, not by each file as it ends: test
 * files run side by side, and PostgreSQL's catalog queries (Kysely's migrator lists every table of
 * the database) fail with "schema ... does not exist" when another session drops a schema under
 * them. The prefix keeps another run's schemas (a second `vitest` on the same server) untouched.
 */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
  console.log(`[server tests] database engines: ${engines.join(', ')}`);
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  project.provide('pgSchemaPrefix', prefix);
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) return undefined;
  return async () => {
    const admin = createDatabase({ databaseUrl, pgPoolSize: 1 });
    try {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_namespace where starts_with(nspname, ${prefix})`.execute(admin.db);
      for (const { name } of rows) await admin.db.schema.dropSchema(name).ifExists().cascade().execute();
    } finally {
      await admin.destroy();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgSchemaPrefix: string;
  }
}
