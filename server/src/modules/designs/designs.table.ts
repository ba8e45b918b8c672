import type { Insertable, Selectable, Updateable } from 'kysely';

/** One saved design: a named style of an account. `style_json` holds the API's Style as JSON text. */
export interface DesignsTable {
  id: string;
  account_id: string;
  name: string;
  style_json: string;
  created_at: number;
  updated_at: number;
}

export type DesignRow = Selectable<DesignsTable>;
export type NewDesignRow = Insertable<DesignsTable>;
export type DesignRowUpdate = Updateable<DesignsTable>;
