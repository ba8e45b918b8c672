import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-db.js';
import { buildTestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';

describe.each(engines)('health on $name', (engine) => {
  it('is live and ready while the database answers', async () => {
    const t = await buildTestApp(engine);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: engine.name });
    } finally {
      await t.close();
    }
  });

  it('is live but not ready once the database is gone', async () => {
    // A database that does not answer: a closed SQLite handle, or PostgreSQL on a port nobody serves.
    const handle =
      engine.name === 'sqlite'
        ? createDatabase({ sqliteFile: ':memory:' })
        : createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test' });
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
      database: handle,
      migrate: false,
      serveWeb: false,
    });
    await app.ready();
    try {
      if (engine.name === 'sqlite') await handle.destroy();
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ready.json().code).toBe('unavailable');
    } finally {
      await app.close();
      if (engine.name === 'postgres') await handle.destroy();
    }
  });
});
