import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { Clock } from '../../src/shared/clock.js';
import { type Engine, openTestDatabase, type TestDatabase } from './engines.js';
import { checkAnswersAgainstOpenApi } from './openapi-contract.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given engine, driven through `inject`. */
export async function buildTestApp(
  engine: Engine,
  options: {
    env?: Record<string, string>;
    extend?: (app: FastifyInstance) => void;
    /** The app's clock for what expires by it (see AppOptions.clock). */
    clock?: Clock;
    /** See AppOptions.compileSchemasAtStart. */
    compileSchemasAtStart?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine);
  // Jobs run inline unless a test asks for threads (an in-memory database has no second connection).
  const config = loadConfig({ LOG_LEVEL: 'silent', JOB_THREADS: '0', ...options.env });
  const app = await buildApp(config, {
    database: database.handle,
    migrate: false,
    serveWeb: false,
    ...(options.clock ? { clock: options.clock } : {}),
    compileSchemasAtStart: options.compileSchemasAtStart ?? false,
  });
  options.extend?.(app);
  await app.ready();
  checkAnswersAgainstOpenApi(app);
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The real app listening on a loopback port, where the raw-socket edge answers scans, and its base URL. */
export async function listeningTestApp(
  engine: Engine,
  options: Parameters<typeof buildTestApp>[1] = {},
): Promise<TestApp & { base: string }> {
  const t = await buildTestApp(engine, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, base: `http://127.0.0.1:${port}` };
}
