/**
 * What the edge reads off a scan's request (scan-context.ts), which the raw scans, their rollups
 * and the conversions credited to a scan all keep: one list, so a field added to the context is
 * added to every one of them, and to their types, at once.
 */

/** Named alike as columns and in the API. */
const NAMED_ALIKE = ['country', 'region', 'device', 'os', 'browser', 'language'] as const;

/** As columns (the scans, the rollups' keys, the conversions). */
export const SCAN_CONTEXT_COLUMNS = [...NAMED_ALIKE, 'referrer_host'] as const;

/** The same as the API names them (analytics' dimensions, the CSV export's columns). */
export const SCAN_CONTEXT_DIMENSIONS = [...NAMED_ALIKE, 'referrer'] as const;

/** A table's context columns: null where the scan had no value. */
export type ScanContextColumns = { [Column in (typeof SCAN_CONTEXT_COLUMNS)[number]]: string | null };
