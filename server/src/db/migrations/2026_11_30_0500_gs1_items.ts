import type { Kysely } from 'kysely';

/**
 * GS1 Digital Link items (issue 46): an item per primary key (or company prefix) and host, its
 * levels (the key alone, lots, serials, templates) and their links. A key is unique per host
 * across workspaces, as a slug is: the edge must find one item for a scanned key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gs1_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('host_key', 'text', (c) => c.notNull())
    .addColumn('primary_ai', 'text', (c) => c.notNull())
    .addColumn('primary_value', 'text', (c) => c.notNull())
    .addColumn('prefix', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The edge's read: a host's item by key (and every prefix of it); unique, as the edge needs one.
  await db.schema
    .createIndex('gs1_items_host_key')
    .on('gs1_items')
    .columns(['host_key', 'primary_ai', 'primary_value'])
    .unique()
    .execute();
  // Lists run newest first by id within a workspace.
  await db.schema.createIndex('gs1_items_account_id').on('gs1_items').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('gs1_levels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('qualifier_path', 'text', (c) => c.notNull())
    .addColumn('qualifiers_json', 'text', (c) => c.notNull())
    .addColumn('item_description', 'text')
    .addColumn('default_link_type', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gs1_levels_item')
    .on('gs1_levels')
    .columns(['item_id', 'qualifier_path'])
    .unique()
    .execute();

  await db.schema
    .createTable('gs1_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('level_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('link_type', 'text', (c) => c.notNull())
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('hreflang_json', 'text')
    .addColumn('context_json', 'text')
    .execute();
  await db.schema.createIndex('gs1_links_item').on('gs1_links').columns(['item_id', 'position']).execute();
  // The list's linkType filter.
  await db.schema
    .createIndex('gs1_links_account_type')
    .on('gs1_links')
    .columns(['account_id', 'link_type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gs1_links').execute();
  await db.schema.dropTable('gs1_levels').execute();
  await db.schema.dropTable('gs1_items').execute();
}
