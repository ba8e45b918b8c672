import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';

/** Makes the database available as `app.database`, migrated, and closes it when the app closes. */
export const dbPlugin = fp(
  async (
    app: FastifyInstance,
    options: { handle: DatabaseHandle; migrate: boolean; ownsHandle: boolean },
  ) => {
    const { handle } = options;
    if (options.migrate) {
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) app.log.info({ applied, dialect: handle.dialect }, 'migrations applied');
    }
    app.decorate('database', handle);
    if (options.ownsHandle) app.addHook('onClose', async () => handle.destroy());
  },
  { name: 'db' },
);

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}
