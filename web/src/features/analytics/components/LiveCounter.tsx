import type { LiveState } from '@site/src/features/analytics/hooks/useLiveScans';
import { formatMoney } from '@site/src/lib/conversions';
import styles from './Analytics.module.css';
import { keyLabel } from './BreakdownTable';

/** What the heading adds to "Live" while the stream is not flowing; flowing, "Live" says it all. */
const STATUS_TEXT: Record<LiveState['status'], string | null> = {
  connecting: 'connecting…',
  live: null,
  reconnecting: 'reconnecting…',
  unavailable: 'unavailable',
};

/** The scans of the view since the page opened, as the stream reports them. */
export default function LiveCounter({ state, names }: { state: LiveState; names: Record<string, string> }) {
  const { status, count, last, since, conversions, lastConversion } = state;
  const sold =
    lastConversion?.amount != null && lastConversion.currency
      ? ` ${formatMoney(lastConversion.amount, lastConversion.currency)}`
      : '';
  const where = last
    ? [
        keyLabel('qrcode', last.qrcode, names),
        last.country ? keyLabel('country', last.country, names) : null,
        last.device,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <section
      className={styles.live}
      aria-labelledby="live-title"
      data-testid="live-counter"
      data-status={status}
    >
      <h2 id="live-title" className={styles.liveTitle}>
        <span className={`${styles.dot} ${styles[status]}`} aria-hidden="true" />
        Live
        {STATUS_TEXT[status] && <span className={styles.muted}> ({STATUS_TEXT[status]})</span>}
      </h2>
      <p className={styles.liveCount} aria-live="polite" aria-atomic="true">
        <strong data-testid="live-count">{count.toLocaleString()}</strong> {count === 1 ? 'scan' : 'scans'}{' '}
        since {since.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
        {last && <span className={styles.muted}> · last: {where}</span>}
      </p>
      {conversions > 0 && (
        <p className={styles.liveCount} aria-live="polite" aria-atomic="true" data-testid="live-conversions">
          <strong>{conversions.toLocaleString()}</strong> {conversions === 1 ? 'conversion' : 'conversions'}
          {lastConversion && (
            <span className={styles.muted}>
              {' '}
              · last: {lastConversion.type}
              {sold} on {keyLabel('qrcode', lastConversion.credit.qrcode, names)}
            </span>
          )}
        </p>
      )}
      {status !== 'live' && state.detail && <p className={styles.muted}>{state.detail}</p>}
    </section>
  );
}
