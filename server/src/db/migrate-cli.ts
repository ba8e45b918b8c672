import path from 'node:path';
import { loadConfig } from '../config.js';
import { createDatabase } from './create-db.js';
import { migrateDatabase } from './migrate.js';

/** `npm run migrate`: applies every pending migration to the configured database. */
const config = loadConfig();
const handle = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'rq.sqlite'),
});
try {
  const applied = await migrateDatabase(handle);
  console.log(
    applied.length > 0
      ? `migrated ${handle.dialect}: ${applied.join(', ')}`
      : `${handle.dialect} is up to date`,
  );
} finally {
  await handle.destroy();
}
