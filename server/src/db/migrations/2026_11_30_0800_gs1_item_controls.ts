import type { Kysely } from 'kysely';

/**
 * A GS1 item's rules and link controls (issue 46): `rules_json` the rules that pick among the
 * links a scan is answered from, `controls_json` its expiry, scan cap and where a stopped item
 * sends scanners. Null for an item without.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gs1_items').addColumn('rules_json', 'text').execute();
  await db.schema.alterTable('gs1_items').addColumn('controls_json', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gs1_items').dropColumn('controls_json').execute();
  await db.schema.alterTable('gs1_items').dropColumn('rules_json').execute();
}
