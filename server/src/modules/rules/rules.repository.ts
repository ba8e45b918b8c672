import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { workspaceRows } from '../../db/workspace-rows.js';
import type { NewRuleRow } from './rules.table.js';

/** All SQL of the rules module. Every query is scoped to an account: another account's rule is not there. */

export function insertRule(db: Kysely<Database>, row: NewRuleRow): Promise<unknown> {
  return db.insertInto('rules').values(row).execute();
}

/** Find, list a page of, change and delete one rule of the workspace. */
export const {
  find: findRule,
  list: listRules,
  update: updateRule,
  remove: deleteRule,
  findMany: findRules,
} = workspaceRows('rules');

/** Deletes every rule of the workspace; answers their ids. */
export async function deleteWorkspaceRules(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('rules').select('id').where('account_id', '=', workspaceId).execute();
    await trx.deleteFrom('rules').where('account_id', '=', workspaceId).execute();
    return rows.map((row) => row.id);
  });
}
