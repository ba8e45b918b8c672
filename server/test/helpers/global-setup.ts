import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
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
  buildServer();
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

/**
 * The tests that start the real server process run its build (server/dist), as production does:
 * it is brought up to date here (incremental, a few seconds when nothing changed), so a test run
 * on its own after an edit never meets a stale build. Once a run: every project that starts the
 * server shares this setup, and `npm test` builds before vitest starts (RQ_SERVER_BUILT).
 */
function buildServer(): void {
  if (process.env.RQ_SERVER_BUILT) return;
  process.env.RQ_SERVER_BUILT = '1';
  const build = path.resolve(import.meta.dirname, '../../../scripts/build.mjs');
  const result = spawnSync(process.execPath, [build, 'server'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server build failed; its processes cannot be tested');
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgSchemaPrefix: string;
  }
}
