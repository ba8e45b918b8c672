// A PostgreSQL database of a bench run's own: created empty (the server migrates it on start, as
// in production) and dropped at the end, connections and all.
import pg from 'pg';

/** The cluster the benches use: BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local one. */
export const BENCH_PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Creates the database `name` on BENCH_PG_URL's cluster; answers its URL and `drop()`. */
export async function throwawayDatabase(name) {
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
