import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { attachSideFiles, openSqlite, SCAN_LOG_SCHEMA } from '../../src/db/sqlite-file.js';
import { type Engine, engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * Heavy requests on job threads (modules/jobs): the thread that answers scans goes on while a
 * job thread is stuck, workspaces take turns, and a job whose thread ends is run again (a read)
 * or reported failed (a write), never half-applied. Real threads, on a database they can open:
 * a SQLite file, or PostgreSQL.
 */
const SECRET = 'job-threads-test-secret';
/** A person's phone: bots' scans are recorded but not counted. */
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Job threads start slowly on a loaded machine: look often, wait long. */
const JOB_WAIT = { everyMs: 20, timeoutMs: 90_000 };

interface JobApp {
  app: FastifyInstance;
  sqliteFile: string | undefined;
  close(): Promise<void>;
}

async function jobApp(engine: Engine, threads: number, idleSeconds = 60): Promise<JobApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-jobs-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JOB_THREADS: String(threads),
    JOB_THREAD_IDLE_SECONDS: String(idleSeconds),
    MARKETPLACE_PROXY_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT: '100000',
  });
  let database: TestDatabase | undefined;
  if (engine.name === 'postgres') database = await openTestDatabase(engine);
  const app = await buildApp(config, {
    serveWeb: false,
    ...(database ? { database: database.handle, migrate: false, jobThreads: true } : {}),
  });
  await app.ready();
  return {
    app,
    sqliteFile: database ? undefined : app.database.sqliteFile,
    async close() {
      await app.close();
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Holds what a code write needs, from a connection of the test's own: SQLite's write lock, or
 * PostgreSQL's lock on the codes table. Answers the function that lets go.
 */
async function lockCodes(t: JobApp): Promise<() => Promise<void>> {
  if (t.sqliteFile) {
    const holder = new SQLite(t.sqliteFile);
    holder.exec('begin immediate');
    return async () => {
      holder.exec('commit');
      holder.close();
    };
  }
  const client = await (t.app.database.pgPool as Pool).connect();
  await client.query('begin');
  await client.query('lock table qrcodes in exclusive mode');
  return async () => {
    await client.query('commit');
    client.release();
  };
}

const as = (user: string) => ({ 'x-rapidapi-proxy-secret': SECRET, 'x-rapidapi-user': user });

function createCode(app: FastifyInstance, user: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/qrcodes',
    headers: as(user),
    payload: { mode: 'redirect', target: 'https://example.com/', ...body },
  });
}

async function codeCount(app: FastifyInstance, user: string): Promise<number> {
  const answer = await app.inject({ method: 'GET', url: '/api/v1/qrcodes/count', headers: as(user) });
  return (answer.json() as { total: number }).total;
}

function bulkOf(n: number, tag: string) {
  return {
    items: Array.from({ length: n }, (_, i) => ({
      mode: 'redirect',
      target: `https://example.com/${i}`,
      tags: [tag],
    })),
  };
}

/**
 * Runs a heavy job (an export), after which the writes and the background loops run on the writes
 * thread until every job thread has been idle for JOB_THREAD_IDLE_SECONDS.
 */
async function startJobThreads(app: FastifyInstance, user: string): Promise<void> {
  const exported = await app.inject({ method: 'GET', url: '/api/v1/qrcodes/export.json', headers: as(user) });
  expect(exported.statusCode).toBe(200);
  expect(exported.headers['rq-job-wait-ms']).toBeDefined();
  expect(app.jobLanes?.writes).toBeDefined();
  expect(app.backgroundWork.running).toBe(false);
}

/** Scans of `slug` answered now, all of them redirects. */
async function scanMany(app: FastifyInstance, slug: string, count: number): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      app.inject({ method: 'GET', url: `/r/${slug}`, headers: { 'user-agent': BROWSER } }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(Array(count).fill(302));
}

/** Waits until the workspace's analytics count `total` scans of the last day. */
async function waitForScans(app: FastifyInstance, user: string, total: number): Promise<void> {
  await waitFor(
    async () => {
      const summary = await app.inject({
        method: 'GET',
        url: '/api/v1/analytics/summary?range=24h',
        headers: as(user),
      });
      return (summary.json() as { total: number }).total === total;
    },
    `the ${total} scans in the database`,
    JOB_WAIT,
  );
}

describe('job threads on sqlite, while a job thread is stuck', { timeout: 120_000 }, () => {
  let t: JobApp;
  beforeAll(async () => {
    t = await jobApp({ name: 'sqlite' }, 1);
  });
  afterAll(() => t.close());

  it("answers and stores every scan while a job holds the codes' file, and the job goes on once it is free", async () => {
    const { app } = t;
    expect((await createCode(app, 'scanner', { slug: 'stuck-test' })).statusCode).toBe(201);
    // The writer's workspace exists before the lock: signing in a new one writes on this thread.
    expect((await createCode(app, 'writer', {})).statusCode).toBe(201);
    await startJobThreads(app, 'writer');
    // Another connection holds the main file's write lock, as a job's transaction (a bulk import)
    // does: the job thread's create waits in SQLite, its loop blocked.
    const holder = new SQLite(t.sqliteFile as string);
    holder.pragma('busy_timeout = 5000');
    const refusedBefore = app.scans.recorder.refusedGroups;
    holder.exec('begin immediate');
    const creating = createCode(app, 'writer', { slug: 'made-while-stuck' });
    await waitFor(() => app.jobLanes?.writes?.active === 1, 'the create to start on its thread', JOB_WAIT);
    await scanMany(app, 'stuck-test', 50);
    // The raw scans have a file of their own: none waited for the codes' lock in the journal.
    expect(app.scans.recorder.refusedGroups).toBe(refusedBefore);
    holder.exec('commit');
    holder.close();
    // Made once the lock is free; or, on a machine so busy that the lock outlasted SQLite's 5 s
    // wait, refused whole (503) and not made.
    const created = await creating;
    expect([201, 503]).toContain(created.statusCode);
    const made = await app.inject({
      method: 'GET',
      url: '/api/v1/qrcodes?q=made-while-stuck',
      headers: as('writer'),
    });
    expect((made.json() as { data: unknown[] }).data).toHaveLength(created.statusCode === 201 ? 1 : 0);
    await waitForScans(app, 'scanner', 50);
  });

  it("answers every scan while another writer holds the scans' file, and stores them from the journal once it is free", async () => {
    const { app } = t;
    expect((await createCode(app, 'journal', { slug: 'journal-test' })).statusCode).toBe(201);
    const file = t.sqliteFile as string;
    const holder = openSqlite(file);
    attachSideFiles(holder, file);
    const refusedBefore = app.scans.recorder.refusedGroups;
    // A write to the scans' file alone (as the retention prune's delete), held open.
    holder.exec('begin');
    holder.prepare(`delete from ${SCAN_LOG_SCHEMA}.scans where 0`).run();
    await scanMany(app, 'journal-test', 50);
    // What the operator sees of it: rq_scan_groups_refused_total.
    expect(app.scans.recorder.refusedGroups).toBeGreaterThan(refusedBefore);
    holder.exec('commit');
    holder.close();
    await waitForScans(app, 'journal', 50);
  });
});

describe.each(engines)('job threads on $name', { timeout: 120_000 }, (engine) => {
  let t: JobApp;
  beforeAll(async () => {
    t = await jobApp(engine, 2);
  });
  afterAll(() => t.close());

  it('runs the creates and edits of codes on the writes thread once a heavy job ran, and the edge follows them at once', async () => {
    const { app } = t;
    // Until a heavy job comes, no job thread runs, and writes and background loops run here.
    expect(app.jobs?.threads).toHaveLength(0);
    expect(app.jobLanes?.writes).toBeUndefined();
    expect(app.backgroundWork.running).toBe(true);
    const first = await createCode(app, 'follow', {});
    expect(first.statusCode).toBe(201);
    expect(first.headers['rq-job-wait-ms']).toBeUndefined();
    await startJobThreads(app, 'follow');
    const created = await createCode(app, 'follow', { slug: 'follow-me', target: 'https://example.com/a' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['rq-job-wait-ms']).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/r/follow-me' })).headers.location).toBe(
      'https://example.com/a',
    );
    const id = (created.json() as { id: string }).id;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/qrcodes/${id}`,
      headers: as('follow'),
      payload: { target: 'https://example.com/b' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/r/follow-me' })).headers.location).toBe(
      'https://example.com/b',
    );
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/qrcodes/${id}`,
      headers: as('follow'),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/r/follow-me' })).statusCode).toBe(404);
  });

  it("answers another workspace's single create while one workspace's bulk calls queue", async () => {
    const { app } = t;
    const waited = (answer: { headers: Record<string, unknown> }) => Number(answer.headers['rq-job-wait-ms']);
    const bulks = Array.from({ length: 8 }, () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/qrcodes/bulk',
        headers: as('importer'),
        payload: bulkOf(1000, 'fair'),
      }),
    );
    await waitFor(() => (app.jobs?.queued ?? 0) >= 2, 'the bulk calls to queue', JOB_WAIT);
    const single = await createCode(app, 'other-workspace', {});
    expect(single.statusCode).toBe(201);
    const answers = await Promise.all(bulks);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    // The importer's last call waited for its seven others; the single create waited for none of them.
    const lastBulkWait = Math.max(...answers.map(waited));
    expect(waited(single)).toBeLessThan(lastBulkWait);
    expect(await codeCount(app, 'importer')).toBe(8000);
  });

  it('serves every metric an operator needs after a scan, an API call and a job', async () => {
    const { app } = t;
    await startJobThreads(app, 'metrics');
    expect((await createCode(app, 'metrics', { slug: 'metrics-scan' })).statusCode).toBe(201);
    await app.inject({ method: 'GET', url: '/r/metrics-scan' });
    await app.inject({ method: 'GET', url: '/r/no-such-code' });
    await app.inject({ method: 'GET', url: '/api/v1/qrcodes', headers: as('metrics') });
    const text = (await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    for (const series of [
      'rq_edge_answer_duration_seconds_bucket{outcome="redirect",host="primary",le="0.001"}',
      'rq_edge_answer_duration_seconds_count{outcome="not_found",host="primary"}',
      'rq_http_request_duration_seconds_count{route="/api/v1/qrcodes",method="GET",status="200"} 1\n',
      'rq_http_request_duration_seconds_count{route="/api/v1/qrcodes",method="POST",status="201"}',
      'rq_event_loop_utilization{thread="main',
      'rq_event_loop_lag_seconds{thread="main',
      'rq_thread_heap_used_bytes{thread="main',
      'rq_jobs_total{kind="create",result="done"}',
      'rq_jobs_queued 0',
      'rq_jobs_running 0',
      'rq_jobs_oldest_queued_age_seconds 0',
      'rq_data_dir_free_bytes',
      'rq_data_dir_size_bytes',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(series);
    }
    // A job thread reports itself within a few seconds.
    await waitFor(
      async () => {
        const again = (await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
        return (
          /rq_event_loop_utilization\{thread="writes-\d+"\}/.test(again) && /thread="jobs-\d+"/.test(again)
        );
      },
      "the job threads' own stats",
      JOB_WAIT,
    );
  });
});

describe.each(engines)('job threads ending when idle on $name', { timeout: 120_000 }, (engine) => {
  let t: JobApp;
  beforeAll(async () => {
    t = await jobApp(engine, 2, 1);
  });
  afterAll(() => t.close());

  it('ends every job thread after a second idle, and the server takes the writes and the background loops back', async () => {
    const { app } = t;
    await startJobThreads(app, 'idle');
    const onThread = await createCode(app, 'idle', { slug: 'idle-thread' });
    expect(onThread.headers['rq-job-wait-ms']).toBeDefined();
    await waitFor(
      () => app.jobLanes?.writes === undefined && app.jobs?.threads.length === 0,
      'every job thread to end',
      JOB_WAIT,
    );
    await waitFor(() => app.backgroundWork.running, 'the background loops to run here again', JOB_WAIT);
    const here = await createCode(app, 'idle', { slug: 'idle-here', target: 'https://example.com/here' });
    expect(here.statusCode).toBe(201);
    expect(here.headers['rq-job-wait-ms']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/r/idle-here' })).headers.location).toBe(
      'https://example.com/here',
    );
    // And the next heavy job starts them again.
    await startJobThreads(app, 'idle');
    const metrics = () => app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    // A job is counted once its thread has finished it, a moment after its answer.
    await waitFor(
      async () => (await metrics()).body.includes('rq_jobs_total{kind="export",result="done"} 2\n'),
      'both exports counted',
      JOB_WAIT,
    );
    const text = (await metrics()).body;
    expect(text).toContain('rq_jobs_total{kind="create",result="inline"} 1\n');
    expect(text).toContain('rq_jobs_total{kind="create",result="done"} 1\n');
  });
});

describe.each(engines)('a job thread that ends on $name', { timeout: 120_000 }, (engine) => {
  let t: JobApp;
  beforeAll(async () => {
    // One thread: the one a test ends is the one running the job.
    t = await jobApp(engine, 1);
    expect((await createCode(t.app, 'importer', { tags: ['fair'] })).statusCode).toBe(201);
  }, 120_000);
  afterAll(() => t.close());

  it('runs a job whose thread ends while it starts on the next thread', async () => {
    const { app } = t;
    const jobs = app.jobs;
    if (!jobs) throw new Error('no job threads');
    expect(jobs.threads).toHaveLength(0);
    const reading = app.inject({
      method: 'GET',
      url: '/api/v1/qrcodes/export.json',
      headers: as('importer'),
    });
    // Looked for at every turn: ended before it has loaded its module, so before the job reached it.
    await waitFor(() => jobs.threads.length > 0, 'the thread to start', { ...JOB_WAIT, everyMs: 0 });
    await Promise.all(jobs.threads.map((thread) => thread.terminate()));
    const read = await reading;
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('"fair"');
  });

  it('runs a read again on a new thread when its thread ends, and reports a write failed, applied whole or not at all', async () => {
    const { app } = t;
    const jobs = app.jobs;
    if (!jobs) throw new Error('no job threads');
    // A thread that is running: one that ends while it still loads its module fails no job, as
    // Piscina gives its jobs to threads that loaded.
    await startJobThreads(app, 'importer');
    const reading = app.inject({
      method: 'GET',
      url: '/api/v1/qrcodes/export.json',
      headers: as('importer'),
    });
    // Looked for at every turn: a one-code export answers a few milliseconds after it starts.
    await waitFor(() => jobs.active === 1 && jobs.threads.length > 0, 'the export to start', {
      ...JOB_WAIT,
      everyMs: 0,
    });
    await Promise.all(jobs.threads.map((thread) => thread.terminate()));
    const read = await reading;
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('"fair"');

    // A write held up by a lock the test holds, so its thread ends while it runs.
    const release = await lockCodes(t);
    const writing = app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes/bulk',
      headers: as('killed'),
      payload: bulkOf(300, 'killed'),
    });
    await waitFor(() => jobs.active === 1 && jobs.threads.length > 0, 'the bulk call to start', JOB_WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(jobs.threads.map((thread) => thread.terminate()));
    await release();
    const written = await writing;
    expect(written.statusCode).toBe(503);
    expect(written.json()).toMatchObject({ code: 'unavailable' });
    expect(await codeCount(app, 'killed')).toBe(0);
  });
});
