import type { Migration } from 'kysely';
import * as accounts from './2026_11_22_0001_accounts.js';
import * as serverSettings from './2026_11_22_0002_server_settings.js';
import * as apiKeys from './2026_11_22_0010_api_keys.js';
import * as idempotencyKeys from './2026_11_22_0011_idempotency_keys.js';
import * as rules from './2026_11_22_0100_rules.js';
import * as qrcodes from './2026_11_22_0200_qrcodes.js';
import * as scans from './2026_11_22_0300_scans.js';
import * as scanCountersHumanLastAt from './2026_11_23_0100_scan_counters_human_last_at.js';
import * as assets from './2026_11_23_0200_assets.js';
import * as hostnames from './2026_11_23_0400_hostnames.js';
import * as hostnameChecks from './2026_11_23_0500_hostname_checks.js';
import * as scanRollups from './2026_11_23_0600_scan_rollups.js';
import * as scanDimensionBuckets from './2026_11_23_0610_scan_dimension_buckets.js';
import * as subscriptions from './2026_11_23_0800_subscriptions.js';
import * as designs from './2026_11_23_0900_designs.js';
import * as scanSpoolReplays from './2026_11_23_1000_scan_spool_replays.js';
import * as sqliteRollupsClustered from './2026_11_23_1010_sqlite_rollups_clustered.js';
import * as sqliteFactsClustered from './2026_11_23_1020_sqlite_facts_clustered.js';
import * as sqliteRollupCursor from './2026_11_24_0100_sqlite_rollup_cursor.js';
import * as workspaces from './2026_11_26_0100_workspaces.js';
import * as usageLimitReached from './2026_11_26_0220_usage_limit_reached.js';
import * as webhooks from './2026_11_27_0100_webhooks.js';
import * as signingSecretPrevious from './2026_11_27_0150_signing_secret_previous.js';
import * as linkControls from './2026_11_27_0300_link_controls.js';
import * as hostnameAppLinks from './2026_11_27_0400_hostname_app_links.js';
import * as qrcodesListSort from './2026_11_28_0400_qrcodes_list_sort.js';
import * as sqliteRollupsFile from './2026_11_28_0500_sqlite_rollups_file.js';
import * as qrcodesEdgeIndex from './2026_11_28_0600_qrcodes_edge_index.js';
import * as scanFoldQueue from './2026_11_29_0100_scan_fold_queue.js';
import * as requestIds from './2026_11_30_0100_request_ids.js';
import * as gs1Items from './2026_11_30_0500_gs1_items.js';
import * as hostnameGs1Resolver from './2026_11_30_0600_hostname_gs1_resolver.js';
import * as conversions from './2026_11_30_0700_conversions.js';
import * as qrcodesAttribution from './2026_11_30_0710_qrcodes_attribution.js';
import * as conversionRollups from './2026_11_30_0720_conversion_rollups.js';
import * as gs1ItemControls from './2026_11_30_0800_gs1_item_controls.js';
import * as qrcodesEdgeCovering from './2026_12_01_0100_qrcodes_edge_covering.js';
import * as gs1ScanDimensions from './2026_12_01_0200_gs1_scan_dimensions.js';
import * as scanWeeklyRollups from './2026_12_01_0300_scan_weekly_rollups.js';
import * as sqliteConversionRollupsClustered from './2026_12_01_0310_sqlite_conversion_rollups_clustered.js';
import * as postgresRollupsCovering from './2026_12_01_0400_postgres_rollups_covering.js';
import * as sqliteScanIdsFolded from './2026_12_01_0500_sqlite_scan_ids_folded.js';
import * as sqliteScansFile from './2026_12_02_0100_sqlite_scans_file.js';

/** Every migration, by name; names sort in the order they apply. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts': accounts,
  '2026_11_22_0002_server_settings': serverSettings,
  '2026_11_22_0010_api_keys': apiKeys,
  '2026_11_22_0011_idempotency_keys': idempotencyKeys,
  '2026_11_22_0100_rules': rules,
  '2026_11_22_0200_qrcodes': qrcodes,
  '2026_11_22_0300_scans': scans,
  '2026_11_23_0100_scan_counters_human_last_at': scanCountersHumanLastAt,
  '2026_11_23_0200_assets': assets,
  '2026_11_23_0400_hostnames': hostnames,
  '2026_11_23_0500_hostname_checks': hostnameChecks,
  '2026_11_23_0600_scan_rollups': scanRollups,
  '2026_11_23_0610_scan_dimension_buckets': scanDimensionBuckets,
  '2026_11_23_0800_subscriptions': subscriptions,
  '2026_11_23_0900_designs': designs,
  '2026_11_23_1000_scan_spool_replays': scanSpoolReplays,
  '2026_11_23_1010_sqlite_rollups_clustered': sqliteRollupsClustered,
  '2026_11_23_1020_sqlite_facts_clustered': sqliteFactsClustered,
  '2026_11_24_0100_sqlite_rollup_cursor': sqliteRollupCursor,
  '2026_11_26_0100_workspaces': workspaces,
  '2026_11_26_0220_usage_limit_reached': usageLimitReached,
  '2026_11_27_0100_webhooks': webhooks,
  '2026_11_27_0150_signing_secret_previous': signingSecretPrevious,
  '2026_11_27_0300_link_controls': linkControls,
  '2026_11_27_0400_hostname_app_links': hostnameAppLinks,
  '2026_11_28_0400_qrcodes_list_sort': qrcodesListSort,
  '2026_11_28_0500_sqlite_rollups_file': sqliteRollupsFile,
  '2026_11_28_0600_qrcodes_edge_index': qrcodesEdgeIndex,
  '2026_11_29_0100_scan_fold_queue': scanFoldQueue,
  '2026_11_30_0100_request_ids': requestIds,
  '2026_11_30_0500_gs1_items': gs1Items,
  '2026_11_30_0600_hostname_gs1_resolver': hostnameGs1Resolver,
  '2026_11_30_0700_conversions': conversions,
  '2026_11_30_0710_qrcodes_attribution': qrcodesAttribution,
  '2026_11_30_0720_conversion_rollups': conversionRollups,
  '2026_11_30_0800_gs1_item_controls': gs1ItemControls,
  '2026_12_01_0100_qrcodes_edge_covering': qrcodesEdgeCovering,
  '2026_12_01_0200_gs1_scan_dimensions': gs1ScanDimensions,
  '2026_12_01_0300_scan_weekly_rollups': scanWeeklyRollups,
  '2026_12_01_0310_sqlite_conversion_rollups_clustered': sqliteConversionRollupsClustered,
  '2026_12_01_0400_postgres_rollups_covering': postgresRollupsCovering,
  '2026_12_01_0500_sqlite_scan_ids_folded': sqliteScanIdsFolded,
  '2026_12_02_0100_sqlite_scans_file': sqliteScansFile,
};
