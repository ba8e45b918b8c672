import type { Kysely } from 'kysely';

/**
 * A hostname's app links (`appLinks`): the JSON its apple-app-site-association and assetlinks.json
 * files are served from. Null while the owner set none (both files are then 404s).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hostnames').addColumn('app_links_json', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hostnames').dropColumn('app_links_json').execute();
}
