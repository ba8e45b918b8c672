import type { Insertable, Selectable, Updateable } from 'kysely';

/** One redirect rule. `when_json` and `then_json` hold the API's condition and action as JSON text. */
export interface RulesTable {
  id: string;
  account_id: string;
  name: string;
  /** 1 or 0: SQLite has no boolean type, and one representation keeps the queries portable. */
  enabled: number;
  /** Null: the rule always matches. */
  when_json: string | null;
  then_json: string;
  created_at: number;
  updated_at: number;
}

export type RuleRow = Selectable<RulesTable>;
export type NewRuleRow = Insertable<RulesTable>;
export type RuleRowUpdate = Updateable<RulesTable>;
