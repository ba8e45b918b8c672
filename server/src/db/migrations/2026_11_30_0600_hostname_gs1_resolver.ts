import type { Kysely } from 'kysely';

/**
 * A hostname marked a GS1 resolver host (`gs1Resolver`, issue 46): every path on it is a GS1
 * Digital Link (an undecodable one is a 400), and it serves no slugs. 0 for every name until its
 * owner marks it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('hostnames')
    .addColumn('gs1_resolver', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hostnames').dropColumn('gs1_resolver').execute();
}
