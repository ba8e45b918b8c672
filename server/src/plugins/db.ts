import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/create-db.js';
import { migrateDatabase } from '../db/migrate.js';
import { ensureServerSecret } from '../db/server-secret.js';

/** Makes the database available as `app.database`, migrated, and closes it when the app closes. */
export const dbPlugin = fp(
  async (
    app: FastifyInstance,
    options: { handle: DatabaseHandle; migrate: boolean; ownsHandle: boolean },
  ) => {
    const { handle } = options;
    if (options.migrate) {
      // Each step is said as it is taken: an operator watching an upgrade sees what changes.
      await migrateDatabase(handle, (message, details) =>
        app.log.info({ ...details, dialect: handle.dialect }, message),
      );
    }
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
