import type { AccountsTable } from '../modules/accounts/accounts.table.js';
import type { ApiKeysTable } from '../modules/apikeys/apikeys.table.js';
import type { AssetsTable } from '../modules/assets/assets.table.js';
import type { BillingWebhookEventsTable } from '../modules/billing/billing.table.js';
import type { HostnamesTable } from '../modules/hostnames/hostnames.table.js';
import type { SubscriptionsTable } from '../modules/plans/plans.table.js';
import type { QrCodeRulesTable, QrCodesTable } from '../modules/qrcodes/qrcodes.table.js';
import type { RulesTable } from '../modules/rules/rules.table.js';
import type { ScanCountersTable, ScanSpoolReplaysTable, ScansTable } from '../modules/scans/scans.table.js';
import type { IdempotencyKeysTable } from '../plugins/idempotency.js';

/**
 * The database as Kysely sees it: one entry per table, each typed in its module's *.table.ts.
 * Times are UTC epoch milliseconds in integer columns, which keeps the SQL portable.
 */
export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  assets: AssetsTable;
  billing_webhook_events: BillingWebhookEventsTable;
  hostnames: HostnamesTable;
  idempotency_keys: IdempotencyKeysTable;
  server_settings: { key: string; value: string };
  qrcodes: QrCodesTable;
  qrcode_rules: QrCodeRulesTable;
  rules: RulesTable;
  scans: ScansTable;
  scan_counters: ScanCountersTable;
  scan_spool_replays: ScanSpoolReplaysTable;
  subscriptions: SubscriptionsTable;
}

export type Dialect = 'sqlite' | 'postgres';
