import type { Insertable, Selectable, Updateable } from 'kysely';
import type { EdgeColumns } from './edge-fields.js';

/**
 * One QR code. JSON columns are text so both dialects store them the same way. The columns the
 * redirect edge reads (id, account, mode, target, exec, enabled, link controls) are declared in
 * edge-fields.ts, once for every layer that carries them.
 */
export interface QrCodesTable extends EdgeColumns {
  slug: string;
  /** '' for the primary (short) host, otherwise the custom hostname the code is served from. */
  host_key: string;
  data_json: string | null;
  style_json: string;
  title: string | null;
  tags_json: string;
  created_at: number;
  updated_at: number;
}

/** The ordered rules of a code; `position` 0 is evaluated first. */
export interface QrCodeRulesTable {
  qrcode_id: string;
  position: number;
  rule_id: string;
}

export type QrCodeRow = Selectable<QrCodesTable>;
export type NewQrCodeRow = Insertable<QrCodesTable>;
export type QrCodeUpdate = Updateable<QrCodesTable>;
export type QrCodeRuleRow = Selectable<QrCodeRulesTable>;
