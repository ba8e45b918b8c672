import type { Insertable, Selectable, Updateable } from 'kysely';

/** One QR code. JSON columns are text so both dialects store them the same way. */
export interface QrCodesTable {
  id: string;
  account_id: string;
  slug: string;
  /** '' for the primary (short) host, otherwise the custom hostname the code is served from. */
  host_key: string;
  mode: 'static' | 'redirect' | 'exec';
  target: string | null;
  data_json: string | null;
  exec_json: string | null;
  style_json: string;
  title: string | null;
  tags_json: string;
  /** 1 or 0: SQLite has no boolean type, and one representation keeps the queries portable. */
  enabled: number;
  created_at: number;
  updated_at: number;
  /** Link controls (link-controls.ts): epoch ms, a count, a URL, code-password.ts's hash, JSON text. */
  active_from: number | null;
  expires_at: number | null;
  max_scans: number | null;
  expired_target: string | null;
  password_hash: string | null;
  utm_json: string | null;
  apps_json: string | null;
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
