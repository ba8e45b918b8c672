import styles from './Analytics.module.css';

/** The change against the previous period, in words and a direction. */
function change(current: number, previous: number): { text: string; direction: 'up' | 'down' | 'flat' } {
  if (current === previous) return { text: 'no change', direction: 'flat' };
  if (previous === 0) return { text: `+${current.toLocaleString()} (none before)`, direction: 'up' };
  const percent = Math.round(((current - previous) / previous) * 100);
  return { text: `${percent > 0 ? '+' : ''}${percent}%`, direction: current > previous ? 'up' : 'down' };
}

/** One total with its change against the period before, or a figure already in words (`text`: a rate, revenue). */
export default function Stat({
  label,
  value,
  text,
  previous,
  testId,
}: {
  label: string;
  value?: number;
  text?: string;
  previous?: number;
  testId: string;
}) {
  const delta = previous === undefined || value === undefined ? undefined : change(value, previous);
  return (
    <div className={`rq-card ${styles.stat}`} data-testid={testId}>
      <h2 className={styles.statLabel}>{label}</h2>
      <p className={styles.statValue}>{text ?? value?.toLocaleString()}</p>
      {delta && previous !== undefined && (
        <p className={`${styles.delta} ${styles[delta.direction]}`}>
          <span aria-hidden="true">
            {delta.direction === 'up' ? '▲ ' : delta.direction === 'down' ? '▼ ' : ''}
          </span>
          {delta.text}{' '}
          <span className={styles.muted}>against the previous period ({previous.toLocaleString()})</span>
        </p>
      )}
    </div>
  );
}
