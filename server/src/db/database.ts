import type { AccountsTable } from '../modules/accounts/accounts.table.js';
import type { ApiKeysTable } from '../modules/apikeys/apikeys.table.js';
import type { AssetsTable } from '../modules/assets/assets.table.js';
import type { BillingWebhookEventsTable } from '../modules/billing/billing.table.js';
import type {
  ConversionDailyTable,
  ConversionSettingsTable,
  ConversionsTable,
  ConversionTotalsTable,
} from '../modules/conversions/conversions.table.js';
import type { DesignsTable } from '../modules/designs/designs.table.js';
import type { EventsTable } from '../modules/events/events.table.js';
import type { Gs1ItemsTable, Gs1LevelsTable, Gs1LinksTable } from '../modules/gs1/gs1.table.js';
import type { HostnamesTable } from '../modules/hostnames/hostnames.table.js';
import type { SubscriptionsTable, UsageLimitReachedTable } from '../modules/plans/plans.table.js';
import type { QrCodeRulesTable, QrCodesTable } from '../modules/qrcodes/qrcodes.table.js';
import type { RulesTable } from '../modules/rules/rules.table.js';
import type {
  ScanCountersTable,
  ScanDailyRollupsTable,
  ScanDimensionBucketsTable,
  ScanIdsTable,
  ScanRollupCursorTable,
  ScanRollupsTable,
  ScanSpoolReplaysTable,
  ScansTable,
  ScanTotalsTable,
  ScanVisitorsTable,
  ScanWeeklyRollupsTable,
} from '../modules/scans/scans.table.js';
import type { WebhookScanFeedTable } from '../modules/webhooks/webhooks.scan-feed.table.js';
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhooksTable,
} from '../modules/webhooks/webhooks.table.js';
import type {
  WorkspaceInvitationsTable,
  WorkspaceMembersTable,
} from '../modules/workspaces/workspaces.table.js';
import type { IdempotencyKeysTable } from '../plugins/idempotency.table.js';
import type { ServerSettingsTable } from './server-settings.table.js';

/**
 * The database as Kysely sees it: every table, each typed in its owner's *.table.ts (a module's,
 * or a plugin's beside it) and listed here, nowhere else. Times are UTC epoch milliseconds in
 * integer columns, which keeps the SQL portable.
 */
export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  assets: AssetsTable;
  billing_webhook_events: BillingWebhookEventsTable;
  conversion_daily: ConversionDailyTable;
  conversion_settings: ConversionSettingsTable;
  conversion_totals: ConversionTotalsTable;
  conversions: ConversionsTable;
  designs: DesignsTable;
  events: EventsTable;
  gs1_items: Gs1ItemsTable;
  gs1_levels: Gs1LevelsTable;
  gs1_links: Gs1LinksTable;
  hostnames: HostnamesTable;
  idempotency_keys: IdempotencyKeysTable;
  server_settings: ServerSettingsTable;
  qrcodes: QrCodesTable;
  qrcode_rules: QrCodeRulesTable;
  rules: RulesTable;
  scans: ScansTable;
  scan_counters: ScanCountersTable;
  scan_daily_rollups: ScanDailyRollupsTable;
  scan_dimension_buckets: ScanDimensionBucketsTable;
  scan_weekly_rollups: ScanWeeklyRollupsTable;
  /** PostgreSQL only: copies of shipped scans whose rollups are not folded yet (the rollup fold thread's queue). */
  scan_fold_queue: ScansTable;
  /** SQLite only. */
  scan_ids: ScanIdsTable;
  /** SQLite only. */
  scan_rollup_cursor: ScanRollupCursorTable;
  scan_rollups: ScanRollupsTable;
  scan_spool_replays: ScanSpoolReplaysTable;
  scan_totals: ScanTotalsTable;
  scan_visitors: ScanVisitorsTable;
  subscriptions: SubscriptionsTable;
  usage_limit_reached: UsageLimitReachedTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_scan_feed: WebhookScanFeedTable;
  webhooks: WebhooksTable;
  workspace_invitations: WorkspaceInvitationsTable;
  workspace_members: WorkspaceMembersTable;
}

export type Dialect = 'sqlite' | 'postgres';
