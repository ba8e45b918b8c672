import type { Kysely } from 'kysely';

/**
 * Link controls on redirect and exec codes (issue 32): when a code is active, how many scans it
 * takes, where it sends scanners once it is not, its password's hash, UTM tags and app targets.
 * Times are epoch milliseconds like every other time column; `utm_json` and `apps_json` are
 * text, as the other JSON columns, so both dialects store them the same way.
 */
const COLUMNS = [
  ['active_from', 'bigint'],
  ['expires_at', 'bigint'],
  ['max_scans', 'bigint'],
  ['expired_target', 'text'],
  ['password_hash', 'text'],
  ['utm_json', 'text'],
  ['apps_json', 'text'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable('qrcodes').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of COLUMNS) {
    await db.schema.alterTable('qrcodes').dropColumn(name).execute();
  }
}
