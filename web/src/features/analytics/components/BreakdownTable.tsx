import { type Breakdown, type Dimension, FILTER_OF } from '@site/src/features/analytics/model/analyticsModel';
import { formatRate, formatRevenue } from '@site/src/lib/conversions';
import styles from './Analytics.module.css';

export const DIMENSION_LABELS: Record<Dimension, { title: string; column: string }> = {
  country: { title: 'Countries', column: 'Country' },
  region: { title: 'Regions', column: 'Region' },
  device: { title: 'Devices', column: 'Device' },
  os: { title: 'Operating systems', column: 'Operating system' },
  browser: { title: 'Browsers', column: 'Browser' },
  language: { title: 'Languages', column: 'Language' },
  referrer: { title: 'Referrers', column: 'Referrer' },
  hostname: { title: 'Hostnames', column: 'Hostname' },
  rule: { title: 'Rules', column: 'Rule' },
  qrcode: { title: 'Top codes', column: 'Code' },
  gs1LinkType: { title: 'GS1 link types', column: 'Link type' },
  gs1Key: { title: 'GS1 keys', column: 'Key' },
  gs1Level: { title: 'GS1 levels', column: 'Level' },
};

/** The GS1 keys by their Application Identifier, as a breakdown by key shows them. */
const GS1_KEY_NAMES: Readonly<Record<string, string>> = {
  '00': 'SSCC',
  '01': 'GTIN',
  '253': 'GDTI',
  '255': 'GCN',
  '401': 'GINC',
  '402': 'GSIN',
  '414': 'GLN',
  '415': 'Payment GLN',
  '417': 'Party GLN',
  '8003': 'GRAI',
  '8004': 'GIAI',
  '8006': 'ITIP',
  '8010': 'CPID',
  '8013': 'GMN',
  '8017': 'GSRN (provider)',
  '8018': 'GSRN (recipient)',
};

function displayName(type: 'region' | 'language', code: string): string | undefined {
  try {
    return new Intl.DisplayNames(undefined, { type }).of(code);
  } catch {
    return undefined;
  }
}

function flag(country: string): string {
  return /^[A-Z]{2}$/.test(country)
    ? String.fromCodePoint(...[...country].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65))
    : '';
}

/** What a row's key reads as: country and language names, code and rule titles, "Unknown" for none. */
export function keyLabel(by: Dimension, key: string | null, names: Record<string, string>): string {
  if (key === null) {
    if (by === 'referrer') return 'None (direct scan)';
    if (by === 'rule') return 'No rule (default target)';
    return 'Unknown';
  }
  if (by === 'country') return displayName('region', key) ?? key;
  if (by === 'language') return displayName('language', key) ?? key;
  if (by === 'qrcode' || by === 'rule') return names[key] ?? key;
  if (by === 'gs1Key') return `${GS1_KEY_NAMES[key] ?? 'AI'} (${key})`;
  return key;
}

/**
 * One breakdown as a table: its values most scanned first with their share, and (once the view has
 * any) the conversions credited to each, their rate per scan and revenue per currency. A value the API can
 * filter by is a button that adds the filter (the filter chips above remove it).
 */
export default function BreakdownTable({
  by,
  breakdown,
  total,
  showConversions,
  names,
  active,
  onFilter,
  onDownload,
}: {
  by: Dimension;
  breakdown: Breakdown | undefined;
  total: number;
  showConversions: boolean;
  names: Record<string, string>;
  active: string[];
  onFilter: (by: Dimension, key: string) => void;
  onDownload: (by: Dimension) => void;
}) {
  const { title, column } = DIMENSION_LABELS[by];
  const filterable = FILTER_OF[by] !== undefined;
  const rows = breakdown?.rows ?? [];
  return (
    <section className={`rq-card ${styles.breakdown}`} aria-labelledby={`breakdown-${by}`}>
      <div className={styles.cardHead}>
        <h2 id={`breakdown-${by}`}>{title}</h2>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onDownload(by)}
          aria-label={`Download ${title.toLowerCase()} as CSV`}
        >
          CSV
        </button>
      </div>
      {rows.length === 0 ? (
        <p className={styles.muted}>{breakdown ? 'No scans in this view.' : 'Loading…'}</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table} data-testid={`breakdown-${by}`}>
            <caption className={styles.visuallyHidden}>
              {title} by scans{filterable ? '; choose a value to filter by it' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">{column}</th>
                <th scope="col" className={styles.number}>
                  Scans
                </th>
                <th scope="col" className={styles.number}>
                  Unique
                </th>
                {showConversions && (
                  <>
                    <th scope="col" className={styles.number}>
                      Conversions
                    </th>
                    <th scope="col" className={styles.number}>
                      Rate
                    </th>
                    <th scope="col" className={styles.number}>
                      Revenue
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const label = keyLabel(by, row.key, names);
                const share = total > 0 ? Math.round((row.total / total) * 100) : 0;
                const isActive = row.key !== null && active.includes(row.key);
                return (
                  <tr key={row.key ?? '(none)'}>
                    <th scope="row" className={styles.keyCell}>
                      <span className={styles.bar} style={{ width: `${share}%` }} aria-hidden="true" />
                      {filterable && row.key !== null ? (
                        <button
                          type="button"
                          className={styles.keyButton}
                          aria-pressed={isActive}
                          onClick={() => onFilter(by, row.key as string)}
                          title={`Show only ${label}`}
                        >
                          {by === 'country' && <span aria-hidden="true">{flag(row.key)} </span>}
                          {label}
                        </button>
                      ) : (
                        <span className={styles.keyText}>{label}</span>
                      )}
                    </th>
                    <td className={styles.number}>
                      {row.total.toLocaleString()}
                      <span className={styles.share}> {share}%</span>
                    </td>
                    <td className={styles.number}>{row.unique.toLocaleString()}</td>
                    {showConversions && (
                      <>
                        <td className={styles.number}>{row.conversions.toLocaleString()}</td>
                        <td className={styles.number}>{formatRate(row.conversionRate)}</td>
                        <td className={styles.number}>{formatRevenue(row.revenue)}</td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
