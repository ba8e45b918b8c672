import type { Migration } from 'kysely';
import * as accounts from './2026_11_22_0001_accounts.js';

/** Every migration, by name; names sort in the order they apply. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts': accounts,
};
