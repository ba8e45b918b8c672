import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess as startProcess } from '../../../scripts/lib/server-process.mjs';
import { type Engine, openTestDatabase } from './engines.js';

const serverDir = path.resolve(import.meta.dirname, '../..');
export const PROCESS_SECRET = 'process-test-secret';

/**
 * The real server process, as it runs in production (server/dist/server.js with SERVER_NODE_FLAGS,
 * built by the test run's global setup), ready on a loopback port. Loaded through tsx, each start
 * cost 3 to 13 s more CPU (its loader in every thread), and the suite starts a hundred or so.
 */
export async function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string }> {
  const { child, base } = await startProcess({
    cwd: serverDir,
    env: { ...env, LOG_LEVEL: 'warn' },
  });
  return { child, base };
}

/** A data folder and, on PostgreSQL, a schema of its own, for one server process. */
export async function processStorage(engine: Engine, prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = engine.name === 'postgres' ? await openTestDatabase(engine) : undefined;
  return {
    dataDir,
    database,
    env: {
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      MARKETPLACE_PROXY_SECRET: PROCESS_SECRET,
    },
    async remove() {
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to the process's API as the marketplace user `user`. */
export async function processApi(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  user = 'process-test',
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-rapidapi-proxy-secret': PROCESS_SECRET,
      'x-rapidapi-user': user,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
