import { type Kysely, sql } from 'kysely';

/**
 * `scan_counters.last_at` is the last human scan (bots are recorded but not counted); it used to
 * follow bots too. Recomputed from the raw scans; 0 where a code has only bot scans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update scan_counters set last_at = coalesce(
    (select max(s.at) from scans s where s.qrcode_id = scan_counters.qrcode_id and s.bot = 0), 0)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Nothing to undo: the old value (the last scan, bot or not) cannot be told apart afterwards.
}
