import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-db.js';
import { buildTestApp } from '../helpers/app.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { cuttableRelay } from '../helpers/relay.js';

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

  it('is live but not ready once the database goes away', async () => {
    const database = await openTestDatabase(engine);
    let handle: DatabaseHandle = database.handle;
    let cut: () => Promise<void>;
    if (engine.name === 'postgres') {
      const url = new URL(database.url as string);
      const relay = await cuttableRelay(url.hostname, Number(url.port || 5432));
      url.host = `127.0.0.1:${relay.port}`;
      handle = createDatabase({ databaseUrl: url.toString(), pgSchema: database.schema as string });
      cut = relay.cut;
    } else {
      cut = () => database.handle.destroy(); // the SQLite file handle is gone
    }
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), {
      database: handle,
      migrate: false,
      serveWeb: false,
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await cut();
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ready.json().code).toBe('unavailable');
    } finally {
      await app.close();
      if (handle !== database.handle) await handle.destroy();
      await database.close();
    }
  });
});
