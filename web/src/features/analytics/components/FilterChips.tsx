import {
  type Dimension,
  FILTER_KEYS,
  type FilterKey,
  filterCount,
  type View,
} from '@site/src/features/analytics/model/analyticsModel';
import styles from './Analytics.module.css';
import { keyLabel } from './BreakdownTable';

const FILTER_LABELS: Record<FilterKey, string> = {
  qrcode: 'Code',
  tag: 'Tag',
  hostname: 'Hostname',
  rule: 'Rule',
  country: 'Country',
  device: 'Device',
  os: 'OS',
  browser: 'Browser',
};
const DIMENSION_OF: Partial<Record<FilterKey, Dimension>> = {
  qrcode: 'qrcode',
  rule: 'rule',
  country: 'country',
};

/** The filters in force as chips: each removes itself, and "Clear all" removes them all. */
export default function FilterChips({
  view,
  names,
  onRemove,
  onClear,
}: {
  view: View;
  names: Record<string, string>;
  onRemove: (key: FilterKey, value: string) => void;
  onClear: () => void;
}) {
  if (filterCount(view.filters) === 0) return null;
  return (
    <section aria-label="Filters" className={styles.chips}>
      <span className={styles.muted}>Showing only:</span>
      {FILTER_KEYS.flatMap((key) =>
        (view.filters[key] ?? []).map((value) => {
          const dimension = DIMENSION_OF[key];
          const label = dimension ? keyLabel(dimension, value, names) : value;
          return (
            <button
              key={`${key}:${value}`}
              type="button"
              className={styles.chip}
              onClick={() => onRemove(key, value)}
              aria-label={`Remove filter ${FILTER_LABELS[key]}: ${label}`}
            >
              {FILTER_LABELS[key]}: {label} <span aria-hidden="true">×</span>
            </button>
          );
        }),
      )}
      <button type="button" className={styles.linkButton} onClick={onClear}>
        Clear all
      </button>
    </section>
  );
}
