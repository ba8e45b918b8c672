import type { Insertable, Selectable } from 'kysely';

/**
 * GS1 Digital Link items of a workspace: one row per primary key (or company prefix) on a host,
 * its levels (the primary key alone, and each qualified level such as a lot or a serial, whose
 * qualifier values may be `{placeholders}`), and each level's links.
 */
export interface Gs1ItemsTable {
  id: string;
  account_id: string;
  /** '' for our own hosts (PUBLIC_URL's and SHORT_URL's), otherwise the verified custom hostname. */
  host_key: string;
  /** The primary key's AI ('01', '8004', ...). */
  primary_ai: string;
  /** The whole key, or with `prefix` a leading part (a GS1 Company Prefix). */
  primary_value: string;
  /** 1: covers every key that starts with primary_value (GIAI, GRAI, SSCC); 0: this key only. */
  prefix: number;
  /** JSON array of the item's rules ({ when, href }: gs1.scan-rules.ts), or null when none. */
  rules_json: string | null;
  /** JSON of its link controls ({ activeFrom, expiresAt, maxScans, expiredTarget }), or null when none. */
  controls_json: string | null;
  created_at: number;
  updated_at: number;
}

export interface Gs1LevelsTable {
  id: string;
  item_id: string;
  account_id: string;
  /** The level's qualifiers as a path ('' for the primary key, '/10/{lotnumber}'): unique per item. */
  qualifier_path: string;
  /** JSON array of { ai, value } in the standard's order. */
  qualifiers_json: string;
  item_description: string | null;
  default_link_type: string | null;
  /** The level's place in the item as written (the primary key's level is 0). */
  position: number;
}

export interface Gs1LinksTable {
  id: string;
  level_id: string;
  item_id: string;
  account_id: string;
  position: number;
  link_type: string;
  href: string;
  title: string;
  type: string | null;
  /** JSON array of language tags, or null. */
  hreflang_json: string | null;
  /** JSON array of context values, or null. */
  context_json: string | null;
}

export type Gs1ItemRow = Selectable<Gs1ItemsTable>;
export type NewGs1ItemRow = Insertable<Gs1ItemsTable>;
export type Gs1LevelRow = Selectable<Gs1LevelsTable>;
export type Gs1LinkRow = Selectable<Gs1LinksTable>;
