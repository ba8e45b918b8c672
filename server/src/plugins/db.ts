import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/create-db.js';
import { migrateDatabase } from '../db/migrate.js';
import { ensureServerSecret } from '../db/server-secret.js';

/**
 * Applies the pending migrations, saying each step as it is taken (an operator watching an
 * upgrade sees what changes). Called before any plugin starts: on a large database a migration
 * (a key rebuilt over millions of rows) takes minutes, past the ten seconds Fastify gives a
 * plugin to start. On failure the handle is closed when the app owns it.
 */
export async function migrateBeforeStart(
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
  ownsHandle: boolean,
): Promise<void> {
  try {
    await migrateDatabase(handle, (message, details) =>
      log.info({ ...details, dialect: handle.dialect }, message),
    );
  } catch (error) {
    if (ownsHandle) await handle.destroy();
    throw error;
  }
}

/** Makes the (migrated) database available as `app.database`, and closes it when the app closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { handle: DatabaseHandle; ownsHandle: boolean }) => {
    const { handle } = options;
    app.decorate('database', handle);
    app.decorate('serverSecret', await ensureServerSecret(handle.db));
    if (options.ownsHandle) app.addHook('onClose', async () => handle.destroy());
  },
  { name: 'db' },
);

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Server-wide secret shared by every instance on this database (salts visitor hashes). */
    serverSecret: string;
  }
}
