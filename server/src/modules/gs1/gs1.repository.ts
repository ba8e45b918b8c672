import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { countOnHosts, workspaceRows } from '../../db/workspace-rows.js';
import type { PageWindow } from '../../shared/pagination.js';
import type { Gs1ItemRow, Gs1LevelRow, Gs1LinkRow, NewGs1ItemRow } from './gs1.table.js';

/**
 * All SQL of the GS1 module. Every read of the API takes the workspace: another workspace's item
 * is not there. The edge's read (findItemsCovering) takes the host instead, as a slug's does.
 */

/** An item with its levels and their links, as stored, in their order. */
export interface StoredItem {
  item: Gs1ItemRow;
  levels: Array<{ level: Gs1LevelRow; links: Gs1LinkRow[] }>;
}

export interface ItemLevelRows {
  levels: Gs1LevelRow[];
  links: Gs1LinkRow[];
}

export async function insertItem(
  db: Kysely<Database>,
  item: NewGs1ItemRow,
  rows: ItemLevelRows,
): Promise<void> {
  await db.insertInto('gs1_items').values(item).execute();
  await insertLevels(db, rows);
}

async function insertLevels(db: Kysely<Database>, rows: ItemLevelRows): Promise<void> {
  if (rows.levels.length > 0) await db.insertInto('gs1_levels').values(rows.levels).execute();
  // Chunked: PostgreSQL and SQLite cap the parameters of one statement.
  for (let i = 0; i < rows.links.length; i += 200) {
    await db
      .insertInto('gs1_links')
      .values(rows.links.slice(i, i + 200))
      .execute();
  }
}

/** Replaces an item's levels and links (a PATCH of links or levels rewrites them all). */
export async function replaceLevels(
  db: Kysely<Database>,
  itemId: string,
  rows: ItemLevelRows,
): Promise<void> {
  await db.deleteFrom('gs1_links').where('item_id', '=', itemId).execute();
  await db.deleteFrom('gs1_levels').where('item_id', '=', itemId).execute();
  await insertLevels(db, rows);
}

export async function updateItemRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
  changes: {
    host_key?: string;
    rules_json?: string | null;
    controls_json?: string | null;
    updated_at: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('gs1_items')
    .set(changes)
    .where('account_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findItemRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<Gs1ItemRow | undefined> {
  return db
    .selectFrom('gs1_items')
    .selectAll()
    .where('account_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whose item (if anyone's) holds this key on this host. */
export function findItemOnHost(
  db: Kysely<Database>,
  hostKey: string,
  ai: string,
  value: string,
): Promise<Gs1ItemRow | undefined> {
  return db
    .selectFrom('gs1_items')
    .selectAll()
    .where('host_key', '=', hostKey)
    .where('primary_ai', '=', ai)
    .where('primary_value', '=', value)
    .executeTakeFirst();
}

/** The levels and links of these items, grouped per item in their stored order. */
export async function readLevels(db: Kysely<Database>, items: Gs1ItemRow[]): Promise<StoredItem[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.id);
  const [levels, links] = await Promise.all([
    db.selectFrom('gs1_levels').selectAll().where('item_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('gs1_links').selectAll().where('item_id', 'in', ids).orderBy('position').execute(),
  ]);
  const linksOf = new Map<string, Gs1LinkRow[]>();
  for (const link of links) {
    const list = linksOf.get(link.level_id) ?? [];
    list.push(link);
    linksOf.set(link.level_id, list);
  }
  return items.map((item) => ({
    item,
    levels: levels
      .filter((level) => level.item_id === item.id)
      .map((level) => ({ level, links: linksOf.get(level.id) ?? [] })),
  }));
}

export interface ItemListFilters {
  ai?: string | undefined;
  valuePrefix?: string | undefined;
  hostKey?: string | undefined;
  linkType?: string | undefined;
}

/** One page of the workspace's items, newest first; `before` is the last id of the previous page. */
export function listItemRows(
  db: Kysely<Database>,
  workspaceId: string,
  filters: ItemListFilters,
  page: PageWindow,
): Promise<Gs1ItemRow[]> {
  let query = db.selectFrom('gs1_items').selectAll().where('account_id', '=', workspaceId);
  if (filters.ai !== undefined) query = query.where('primary_ai', '=', filters.ai);
  if (filters.hostKey !== undefined) query = query.where('host_key', '=', filters.hostKey);
  if (filters.valuePrefix !== undefined) {
    // substr, not LIKE: values may hold % and _ (CSET 82), and both engines have it.
    const prefix = filters.valuePrefix;
    query = query.where(sql<string>`substr(primary_value, 1, ${sql.lit(prefix.length)})`, '=', prefix);
  }
  if (filters.linkType !== undefined) {
    const linkType = filters.linkType;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('gs1_links')
          .select('gs1_links.id')
          .whereRef('gs1_links.item_id', '=', 'gs1_items.id')
          .where('gs1_links.account_id', '=', workspaceId)
          .where('gs1_links.link_type', '=', linkType),
      ),
    );
  }
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

export async function deleteItemRows(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('gs1_items')
    .where('account_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db.deleteFrom('gs1_links').where('item_id', '=', id).execute();
  await db.deleteFrom('gs1_levels').where('item_id', '=', id).execute();
  return true;
}

export async function deleteWorkspaceItems(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('gs1_links').where('account_id', '=', workspaceId).execute();
  await db.deleteFrom('gs1_levels').where('account_id', '=', workspaceId).execute();
  await db.deleteFrom('gs1_items').where('account_id', '=', workspaceId).execute();
}

/**
 * The edge's read: the host's items that may cover a key, the key itself and every company
 * prefix of it (prefix items), for chooseItem to pick from.
 */
export function findItemsCovering(
  db: Kysely<Database>,
  hostKey: string,
  ai: string,
  value: string,
): Promise<Gs1ItemRow[]> {
  const prefixes: string[] = [];
  for (let length = 1; length <= value.length; length++) prefixes.push(value.slice(0, length));
  return db
    .selectFrom('gs1_items')
    .selectAll()
    .where('host_key', '=', hostKey)
    .where('primary_ai', '=', ai)
    .where('primary_value', 'in', prefixes)
    .execute();
}

/** How many of the workspace's items each of these hosts serves (absent: none). */
export const countItemsOnHosts = (db: Kysely<Database>, workspaceId: string, hostKeys: readonly string[]) =>
  countOnHosts(db, 'gs1_items', workspaceId, hostKeys);

/** How many items the workspace holds (its plan limits them). */
export const { count: countItems } = workspaceRows('gs1_items');
