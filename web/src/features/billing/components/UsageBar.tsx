import { formatCount } from '@site/src/features/billing/api/types';
import { counted } from '@site/src/lib/counted';
import styles from './Billing.module.css';

/**
 * One usage bar: `used` of `limit` (null: no limit), as a native meter with the numbers in words;
 * `unit` is the noun of one ("redirect"), its number follows the count.
 */
export default function UsageBar({
  label,
  used,
  limit,
  unit,
  testId,
  children,
}: {
  label: string;
  used: number;
  limit: number | null;
  unit: string;
  testId: string;
  children?: React.ReactNode;
}) {
  const words =
    limit === null ? `${counted(used, unit)}, no limit` : `${formatCount(used)} of ${counted(limit, unit)}`;
  return (
    <div className={styles.usage} data-testid={testId}>
      <div className={styles.usageHead}>
        <span className={styles.usageLabel}>{label}</span>
        <span data-testid={`${testId}-words`}>{words}</span>
      </div>
      {limit !== null && (
        <meter
          className={styles.meter}
          aria-label={label}
          aria-valuetext={words}
          min={0}
          max={Math.max(limit, 1)}
          value={Math.min(used, Math.max(limit, 1))}
          high={Math.max(limit, 1) * 0.8}
          optimum={0}
        />
      )}
      {children}
    </div>
  );
}
