import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NewRuleRow, RuleRow, RuleRowUpdate } from './rules.table.js';

/** All SQL of the rules module. Every query is scoped to an account: another account's rule is not there. */

export function insertRule(db: Kysely<Database>, row: NewRuleRow): Promise<unknown> {
  return db.insertInto('rules').values(row).execute();
}

export function findRule(db: Kysely<Database>, accountId: string, id: string): Promise<RuleRow | undefined> {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findRules(
  db: Kysely<Database>,
  accountId: string,
  ids: readonly string[],
): Promise<RuleRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('rules')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', [...ids])
    .execute();
}

/** One page of the account's rules, newest first (ids sort by creation); `before` is the last id of the previous page. */
export function listRules(
  db: Kysely<Database>,
  accountId: string,
  page: { before?: string | undefined; limit: number },
): Promise<RuleRow[]> {
  let query = db.selectFrom('rules').selectAll().where('account_id', '=', accountId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** Changes a rule; false when the account has no such rule. */
export async function updateRule(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  changes: RuleRowUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('rules')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a rule; false when the account has no such rule. */
export async function deleteRule(db: Kysely<Database>, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('rules')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every rule of the workspace; answers their ids. */
export async function deleteWorkspaceRules(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('rules').select('id').where('account_id', '=', workspaceId).execute();
    await trx.deleteFrom('rules').where('account_id', '=', workspaceId).execute();
    return rows.map((row) => row.id);
  });
}
