import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './database.js';

/**
 * The secret that salts visitor hashes (and anything else server-wide). Made once and kept in the
 * database, so every instance on a shared database derives the same daily salts.
 */
export async function ensureServerSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ key: 'server_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', 'server_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
