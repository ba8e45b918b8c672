import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import { type Engine, engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { cuttableRelay } from '../helpers/relay.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * A request whose database connection is stopped under it is answered 503 `unavailable` (retry
 * later), never a 500: PostgreSQL's backend terminated, the connection cut, the pool or the SQLite
 * file closed. The API key lookup of an authenticated request is the query that meets it.
 */

/** Sent at once (inject alone sends when awaited): a test sends one and stops its database under it. */
const listCodes = async (app: FastifyInstance) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/qrcodes',
    headers: { authorization: `Bearer rq_${randomBytes(32).toString('base64url')}` },
  });

function expectUnavailable(response: Awaited<ReturnType<typeof listCodes>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json().code).toBe('unavailable');
}

async function appOn(handle: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', JOB_THREADS: '0' }), {
    database: handle,
    migrate: false,
    serveWeb: false,
  });
  await app.ready();
  return app;
}

/** Opens test databases, and closes them and whatever else a test adds to `cleanups` after it. */
function openedPerTest(engine: Engine) {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function open(): Promise<TestDatabase> {
    const database = await openTestDatabase(engine);
    cleanups.push(() => database.close());
    return database;
  }
  return { cleanups, open };
}

describe.each(engines)('a database stopped under a request on $name', (engine) => {
  const { cleanups, open } = openedPerTest(engine);

  it('answers 503 once its database handle is closed', async () => {
    const database = await open();
    const app = await appOn(database.handle);
    cleanups.push(() => app.close());
    expect((await listCodes(app)).statusCode).toBe(401);
    await database.handle.destroy();
    expectUnavailable(await listCodes(app));
  });
});

// The cases only PostgreSQL has: a server process and a network between it and the app.
const postgres = engines.filter((engine) => engine.name === 'postgres');
describe.each(postgres)('a PostgreSQL connection stopped under a request on $name', (engine) => {
  const { cleanups, open } = openedPerTest(engine);

  it('answers 503 when the backend running its query is terminated or its connection is cut', async () => {
    const database = await open();
    const url = new URL(database.url as string);
    const relay = await cuttableRelay(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${relay.port}`;
    const handle = createDatabase({ databaseUrl: url.toString(), pgSchema: database.schema as string });
    cleanups.push(() => handle.destroy());
    const app = await appOn(handle);
    cleanups.push(() => app.close());
    // A second connection holds the key table, so the request's lookup is running when it is stopped.
    const locker = new pg.Client({
      connectionString: database.url as string,
      options: `-c search_path=${database.schema}`,
    });
    await locker.connect();
    cleanups.push(() => locker.end());
    const lockedLookup = async () => {
      await locker.query('begin');
      await locker.query('lock table api_keys in access exclusive mode');
      const response = listCodes(app);
      const { rows } = await waitFor(async () => {
        // Inside a transaction PostgreSQL answers the activity view from its first look: look anew.
        await locker.query('select pg_stat_clear_snapshot()');
        const found = await locker.query<{ pid: number }>(
          `select pid from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%api_keys%' and pid <> pg_backend_pid()`,
        );
        return found.rows.length > 0 && found;
      }, 'the request to wait on the lock');
      return { response, pid: (rows[0] as { pid: number }).pid };
    };

    const terminated = await lockedLookup();
    await locker.query('select pg_terminate_backend($1)', [terminated.pid]);
    expectUnavailable(await terminated.response);
    await locker.query('rollback');
    // The pool drops the terminated connection once it sees it close, and answers again.
    await waitFor(async () => (await listCodes(app)).statusCode === 401, 'the pool to answer again');

    const cut = await lockedLookup();
    await relay.cut();
    expectUnavailable(await cut.response);
    await locker.query('rollback');
    expectUnavailable(await listCodes(app)); // nothing listens where the pool connects
  });
});
