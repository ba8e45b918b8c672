import type { Kysely, Selectable, Updateable } from 'kysely';
import type { PageWindow } from '../shared/pagination.js';
import type { Database } from './database.js';

/** The tables whose rows one workspace owns (`account_id`), each named by an id that sorts by creation. */
export type WorkspaceTable = {
  [T in keyof Database]: Database[T] extends { account_id: string; id: string } ? T : never;
}[keyof Database];

/** The columns every such table has: what the queries below read and filter on. */
interface Owned {
  account_id: string;
  id: string;
}

/**
 * The reads and writes by id that every workspace-owned table has (designs, rules, hostnames,
 * codes, GS1 items, subscriptions), and their count, each scoped to the workspace: another
 * workspace's row is not there, so its id is a 404. A module's repository exports them under its
 * own names beside its own queries.
 */
export function workspaceRows<T extends WorkspaceTable>(table: T) {
  type Row = Selectable<Database[T]>;
  // Kysely cannot type a column of a table picked by a type parameter: the queries see the table
  // as one of just its two shared columns, and the rows they answer are the table's.
  const owned = (db: Kysely<Database>) => db as unknown as Kysely<{ rows: Owned }>;
  const name = table as unknown as 'rows';
  const one = (answer: Promise<unknown>) => answer as Promise<Row | undefined>;
  const many = (answer: Promise<unknown>) => answer as Promise<Row[]>;

  return {
    find(db: Kysely<Database>, workspaceId: string, id: string): Promise<Row | undefined> {
      return one(
        owned(db)
          .selectFrom(name)
          .selectAll()
          .where('account_id', '=', workspaceId)
          .where('id', '=', id)
          .executeTakeFirst(),
      );
    },

    /** The workspace's rows among `ids` (a foreign or unknown id is simply not there), in no set order. */
    findMany(db: Kysely<Database>, workspaceId: string, ids: readonly string[]): Promise<Row[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return many(
        owned(db)
          .selectFrom(name)
          .selectAll()
          .where('account_id', '=', workspaceId)
          .where('id', 'in', [...ids])
          .execute(),
      );
    },

    /** One page of the workspace's rows, newest first; `before` is the last id of the previous page. */
    list(
      db: Kysely<Database>,
      workspaceId: string,
      page: Partial<PageWindow> & { limit: number },
    ): Promise<Row[]> {
      let query = owned(db).selectFrom(name).selectAll().where('account_id', '=', workspaceId);
      if (page.before !== undefined) query = query.where('id', '<', page.before);
      return many(query.orderBy('id', 'desc').limit(page.limit).execute());
    },

    /** Changes a row; false when the workspace has no such row. */
    async update(
      db: Kysely<Database>,
      workspaceId: string,
      id: string,
      changes: Updateable<Database[T]>,
    ): Promise<boolean> {
      const result = await owned(db)
        .updateTable(name)
        .set(changes as unknown as Updateable<Owned>)
        .where('account_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** How many rows the workspace holds (what a plan's limit counts). */
    async count(db: Kysely<Database>, workspaceId: string): Promise<number> {
      const row = await owned(db)
        .selectFrom(name)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('account_id', '=', workspaceId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Deletes a row; false when the workspace has no such row. */
    async remove(db: Kysely<Database>, workspaceId: string, id: string): Promise<boolean> {
      const result = await owned(db)
        .deleteFrom(name)
        .where('account_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** The workspace-owned tables whose rows a host serves (`host_key`): codes and GS1 items. */
export type HostedTable = {
  [T in WorkspaceTable]: Database[T] extends { host_key: string } ? T : never;
}[WorkspaceTable];

/** How many of the workspace's rows each of these hosts serves (a host that serves none is absent). */
export async function countOnHosts(
  db: Kysely<Database>,
  table: HostedTable,
  workspaceId: string,
  hostKeys: readonly string[],
): Promise<Map<string, number>> {
  if (hostKeys.length === 0) return new Map();
  // As in workspaceRows: the table is picked by a parameter, so Kysely sees its shared columns only.
  const hosted = db as unknown as Kysely<{ rows: Owned & { host_key: string } }>;
  const rows = await hosted
    .selectFrom(table as unknown as 'rows')
    .select(['host_key', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('account_id', '=', workspaceId)
    .where('host_key', 'in', [...hostKeys])
    .groupBy('host_key')
    .execute();
  return new Map(rows.map((row) => [row.host_key, Number(row.n)]));
}
