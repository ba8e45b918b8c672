import { SCAN_CONTEXT_COLUMNS } from '../../shared/scan-context-fields.js';
import type { ConversionDailyTable, ConversionTotalsTable, NewConversionRow } from './conversions.table.js';

/**
 * The rollups a batch of conversions adds (pure): per quarter hour of the credited scan (for the
 * workspace and per code) and per UTC day and dimension value. See the migration
 * 2026_11_30_0720_conversion_rollups.ts for what each table answers.
 */

export const BUCKET_MS = 900_000;
export const DAY_MS = 86_400_000;

/** The conversion columns broken down per day: analytics' dimensions, by column name. */
export const DAILY_COLUMNS = [...SCAN_CONTEXT_COLUMNS, 'hostname', 'rule_id', 'qrcode_id'] as const;
export type DailyColumn = (typeof DAILY_COLUMNS)[number];

/** What a batch adds to each rollup table: per row its key, and the conversions and revenue to add. */
export function rollupsOf(rows: readonly NewConversionRow[]): {
  totals: ConversionTotalsTable[];
  daily: ConversionDailyTable[];
} {
  const totals = new Map<string, ConversionTotalsTable>();
  const daily = new Map<string, ConversionDailyTable>();
  const add = <T extends { conversions: number; revenue: number }>(
    map: Map<string, T>,
    key: string,
    make: () => T,
    amount: number,
  ) => {
    const delta = map.get(key) ?? make();
    delta.conversions += 1;
    delta.revenue += amount;
    map.set(key, delta);
  };
  for (const row of rows) {
    const currency = row.currency ?? '';
    const amount = Number(row.amount ?? 0);
    const bucket = Math.floor(Number(row.scan_at) / BUCKET_MS) * BUCKET_MS;
    const day = Math.floor(Number(row.scan_at) / DAY_MS) * DAY_MS;
    for (const code of ['', row.qrcode_id]) {
      add(
        totals,
        `${row.account_id}\0${code}\0${bucket}\0${currency}`,
        () => ({
          account_id: row.account_id,
          qrcode_id: code,
          bucket,
          currency,
          conversions: 0,
          revenue: 0,
        }),
        amount,
      );
      for (const dimension of DAILY_COLUMNS) {
        // The code's own rows need no breakdown by code.
        if (dimension === 'qrcode_id' && code !== '') continue;
        const key = String(row[dimension] ?? '');
        add(
          daily,
          `${row.account_id}\0${code}\0${dimension}\0${day}\0${key}\0${currency}`,
          () => ({
            account_id: row.account_id,
            qrcode_id: code,
            dimension,
            day,
            key,
            currency,
            conversions: 0,
            revenue: 0,
          }),
          amount,
        );
      }
    }
  }
  return { totals: [...totals.values()], daily: [...daily.values()] };
}
