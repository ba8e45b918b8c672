import path from 'node:path';
import { loadConfig } from '../config.js';
import { createDatabase } from './create-db.js';
import { DatabaseIsNewerError, migrateDatabase } from './migrate.js';

/** `npm run migrate`: applies every pending migration to the configured database, saying each. */
const config = loadConfig();
const handle = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'rq.sqlite'),
});
try {
  await migrateDatabase(handle, (message) => console.log(`${handle.dialect}: ${message}`));
} catch (error) {
  if (!(error instanceof DatabaseIsNewerError)) throw error;
  console.error(`npm run migrate: ${error.message}`);
  process.exitCode = 1;
} finally {
  await handle.destroy();
}
