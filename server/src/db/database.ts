import type { AccountsTable } from '../modules/accounts/accounts.table.js';

/**
 * The database as Kysely sees it: one entry per table, each typed in its module's *.table.ts.
 * Times are UTC epoch milliseconds in integer columns, which keeps the SQL portable.
 */
export interface Database {
  accounts: AccountsTable;
}

export type Dialect = 'sqlite' | 'postgres';
