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
 * codes, subscriptions), each scoped to the workspace: another workspace's row is not there, so
 * its id is a 404. A module's repository exports them under its own names beside its own queries.
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
