import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from '../../src/db/database.js';

/**
 * The columns an index holds, in order (PostgreSQL's INCLUDE columns after its key), or none when
 * there is no index of that name in the test's schema.
 */
export async function indexColumns(db: Kysely<Database>, dialect: Dialect, index: string): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_index_info(${index}) order by seqno`.execute(db)
      : await sql<{ name: string }>`
          select a.attname as name from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indexrelid = to_regclass(${index})
          order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  return rows.map((row) => row.name);
}
