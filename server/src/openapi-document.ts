import { pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/create-db.js';

/**
 * The OpenAPI document exactly as `/api/openapi.json` serves it, from an app on an in-memory
 * database with the default settings (no file, no network), so it is the same on every machine.
 * The site's API types are generated from it (`npm run api:types`, scripts/lib/api-types.mjs).
 */
export async function openApiDocument(): Promise<unknown> {
  const database = createDatabase({ sqliteFile: ':memory:' });
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { database, serveWeb: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.destroy();
  }
}

// Run as a program, it prints the document (scripts/api-types.mjs reads it from stdout).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}
