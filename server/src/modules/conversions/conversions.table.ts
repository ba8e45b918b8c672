import type { Insertable, Selectable } from 'kysely';
import type { ScanContextColumns } from '../../shared/scan-context-fields.js';

/**
 * One reported conversion, credited to the scan whose `rq_id` it carried: the scan's code, rule,
 * split variant, hostname, country, device and time are copied in when it is stored, so analytics
 * reads conversions beside the scans' rollups and the conversion outlives the raw scan.
 */
export interface ConversionsTable extends ScanContextColumns {
  /** `cnv_...` */
  id: string;
  account_id: string;
  /** The caller's id of the conversion (an order number): at most one per workspace. */
  external_id: string | null;
  scan_id: string;
  qrcode_id: string;
  rule_id: string | null;
  variant: number | null;
  hostname: string;
  /** When the credited scan happened: analytics counts the conversion on the scan's day. */
  scan_at: number;
  occurred_at: number;
  type: string;
  /** In the currency's minor units (cents). */
  amount: number | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  /** HMAC-SHA256 of the workspace and the customer reference under a key derived from the server secret. */
  customer_hash: string | null;
  /** A hash of the request's fields: the same externalId with another body is a conflict. */
  body_hash: string;
  created_at: number;
}

/** A workspace's attribution default and window; no row: attribution off, `rq_id`, 30 days. */
export interface ConversionSettingsTable {
  account_id: string;
  attribution_enabled: number;
  attribution_parameter: string;
  window_days: number;
  updated_at: number;
}

/** Conversions per quarter hour of the credited scans, for the workspace (qrcode_id '') and per code. */
export interface ConversionTotalsTable {
  account_id: string;
  qrcode_id: string;
  bucket: number;
  /** ISO 4217, or '' for conversions without an amount. */
  currency: string;
  conversions: number;
  /** Minor units. */
  revenue: number;
}

/** Conversions per UTC day of the credited scans and value of a dimension (its column name). */
export interface ConversionDailyTable {
  account_id: string;
  qrcode_id: string;
  dimension: string;
  day: number;
  /** The value, '' for none. */
  key: string;
  currency: string;
  conversions: number;
  revenue: number;
}

export type ConversionRow = Selectable<ConversionsTable>;
export type NewConversionRow = Insertable<ConversionsTable>;
export type ConversionSettingsRow = Selectable<ConversionSettingsTable>;
