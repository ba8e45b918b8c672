import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { canReleaseFreedHeap, trimHeapWhenIdle } from './shared/heap-trim.js';

export interface RunningServer {
  app: FastifyInstance;
  /** Resolves with the exit code once the process may exit. */
  closed: Promise<number>;
}

/**
 * Listens, and on SIGTERM or SIGINT stops accepting connections, lets in-flight requests finish,
 * closes the database and resolves 0. If that takes longer than the shutdown timeout, resolves 1.
 */
export async function runServer(
  config: Config,
  extend?: (app: FastifyInstance) => Promise<void> | void,
): Promise<RunningServer> {
  const app = await buildApp(config);
  if (extend) await extend(app);
  await app.listen({ port: config.port, host: config.host });
  const stopHeapTrim = trimHeapWhenIdle();
  if (!canReleaseFreedHeap()) {
    app.log.warn('started without --expose-gc: freed heap stays resident after a load (SERVER_NODE_FLAGS)');
  }

  const closed = new Promise<number>((resolve) => {
    let closing = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (closing) return;
      closing = true;
      stopHeapTrim();
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const timer = setTimeout(() => {
        app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out');
        resolve(1);
      }, config.shutdownTimeoutMs);
      timer.unref();
      app.close().then(
        () => {
          clearTimeout(timer);
          app.log.info('shut down cleanly');
          resolve(0);
        },
        (error: unknown) => {
          clearTimeout(timer);
          app.log.error({ err: error }, 'shutdown failed');
          resolve(1);
        },
      );
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  });
  return { app, closed };
}

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const isEntry =
  process.argv[1] && import.meta.filename === (await import('node:fs')).realpathSync(process.argv[1]);
if (isEntry) {
  const config = loadConfigOrExit();
  try {
    const { closed } = await runServer(config);
    process.exit(await closed);
  } catch (error) {
    process.stderr.write(`RQ Codes could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
