/**
 * What each migration does, in one line for the operator who watches a start or `npm run migrate`
 * (the migration's own comment says why). Every migration in `migrations/index.ts` has one:
 * `migration-notes.test.ts` fails otherwise.
 */
export const migrationNotes: Record<string, string> = {
  '2026_11_22_0001_accounts': 'creates the accounts table',
  '2026_11_22_0002_server_settings': 'creates the server settings (the server secret lives there)',
  '2026_11_22_0010_api_keys': 'creates API keys (stored as hashes) and the accounts’ signing secrets',
  '2026_11_22_0011_idempotency_keys': 'creates the Idempotency-Key store',
  '2026_11_22_0100_rules': 'creates redirect rules',
  '2026_11_22_0200_qrcodes': 'creates QR codes and their rule lists',
  '2026_11_22_0300_scans': 'creates scans and per-code scan counters',
  '2026_11_23_0100_scan_counters_human_last_at': 'makes a code’s last scan time its last human scan',
  '2026_11_23_0200_assets': 'creates uploaded images (logos)',
  '2026_11_23_0400_hostnames': 'creates custom hostnames',
  '2026_11_23_0500_hostname_checks': 'adds the hostnames’ background re-check schedule',
  '2026_11_23_0600_scan_rollups': 'creates the analytics rollups and fills them from the stored scans',
  '2026_11_23_0610_scan_dimension_buckets':
    'adds per-dimension quarter-hour analytics, filled from the rollups',
  '2026_11_23_0800_subscriptions': 'creates plan subscriptions and grants',
  '2026_11_23_0900_designs': 'creates saved designs',
  '2026_11_23_1000_scan_spool_replays':
    'records which scan journal files were replayed (no scan counted twice)',
  '2026_11_23_1010_sqlite_rollups_clustered':
    'SQLite: rebuilds the dashboard’s rollups clustered on their keys',
  '2026_11_23_1020_sqlite_facts_clustered':
    'SQLite: rebuilds the scan facts and visitor sets clustered on their keys',
  '2026_11_24_0100_sqlite_rollup_cursor': 'SQLite: adds the cursor of scans already rolled up',
  '2026_11_26_0100_workspaces': 'turns accounts into workspaces with members, invitations and the audit log',
  '2026_11_26_0220_usage_limit_reached': 'records the months a workspace reached its redirect limit',
  '2026_11_27_0100_webhooks': 'creates webhook endpoints, their outbox and delivery log',
  '2026_11_27_0150_signing_secret_previous':
    'keeps a rotated signing secret for a day, and orders stored scans for scan.created webhooks',
  '2026_11_27_0300_link_controls':
    'adds link controls to codes (active dates, scan limits, password, UTM, apps)',
  '2026_11_27_0400_hostname_app_links': 'adds a hostname’s app links',
  '2026_11_28_0400_qrcodes_list_sort': 'indexes the code list’s sorts',
  '2026_11_28_0500_sqlite_rollups_file':
    'SQLite: moves counters and rollups to rq.rollups.sqlite, with their rows',
  '2026_11_28_0600_qrcodes_edge_index': 'indexes codes for the redirect edge’s read by host and slug',
  '2026_11_29_0100_scan_fold_queue': 'PostgreSQL: adds the queue of shipped scans waiting for their rollups',
  '2026_11_30_0100_request_ids': 'adds the request id to audit events and webhook deliveries',
  '2026_11_30_0500_gs1_items': 'creates GS1 Digital Link items, their levels and links',
  '2026_11_30_0600_hostname_gs1_resolver': 'lets a verified hostname be marked a GS1 resolver host',
  '2026_11_30_0700_conversions':
    'adds conversions, and the scan id and split variant a scan carries for them',
  '2026_11_30_0710_qrcodes_attribution': 'adds a code’s attribution setting (an edge field)',
  '2026_11_30_0720_conversion_rollups': 'adds the conversions’ rollups the dashboard reads',
  '2026_11_30_0800_gs1_item_controls': 'adds a GS1 item’s rules and link controls',
  '2026_12_01_0100_qrcodes_edge_covering':
    'renames the redirect edge’s covering index to qrcodes_edge_covering (same columns)',
  '2026_12_01_0200_gs1_scan_dimensions':
    'adds a GS1 scan’s link type, key and level to scans and their rollups (rebuilds the facts’ key)',
  '2026_12_01_0300_scan_weekly_rollups':
    'adds weekly analytics rollups for long ranges’ breakdowns, filled from the daily ones',
  '2026_12_01_0310_sqlite_conversion_rollups_clustered':
    'SQLite: rebuilds the conversions’ rollups clustered on their keys',
  '2026_12_01_0400_postgres_rollups_covering':
    'PostgreSQL: rebuilds the analytics rollups’ keys to carry their counts (takes a while on large databases)',
  '2026_12_01_0500_sqlite_scan_ids_folded':
    'SQLite: keeps attributed scans’ ids beside the rollups, written by the fold (no index on the raw scans)',
  '2026_12_02_0100_sqlite_scans_file':
    'SQLite: moves the raw scans to rq.scans.sqlite, with their rows (takes a while with many scans)',
};
