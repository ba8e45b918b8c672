import ConfirmDialog from '@site/src/components/ConfirmDialog';
import { type ExperimentVariant, useExperiment } from '@site/src/components/conversions/useExperiment';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import ScrollableTable from '@site/src/components/ScrollableTable';
import TableHead from '@site/src/components/TableHead';
import { formatPoints, formatRate, formatRevenue, suggestedWinner } from '@site/src/lib/conversions';
import { useAction } from '@site/src/lib/useAction';
import { useId, useState } from 'react';
import styles from './Conversions.module.css';

function DifferenceCell({ variant }: { variant: ExperimentVariant }) {
  if (variant.index === 0) return <>control</>;
  if (!variant.difference) return <>–</>;
  const { estimate, low, high } = variant.difference;
  return (
    <>
      {formatPoints(estimate)}{' '}
      <span className={formStyles.hint}>
        (95%: {formatPoints(low)} to {formatPoints(high)})
      </span>
    </>
  );
}

/**
 * A split rule's experiment: per variant the scans (scanners for a sticky split, which sees each
 * scanner once), conversions, rate, revenue and the difference to the control (variant A) with its
 * 95% interval, the API's verdict in its own words, and "Keep the winner", which rewrites the rule to
 * send everyone to one variant after a confirmation.
 */
export default function ExperimentPanel({
  ruleId,
  ruleName,
  keepRefusal = null,
}: {
  ruleId: string;
  ruleName: string;
  /** Why the workspace role may not keep a winner (it rewrites the rule: editors and up); null when it may. */
  keepRefusal?: string | null;
}) {
  const { experiment, loading, error, reload, keepWinner } = useExperiment(ruleId);
  const [confirming, setConfirming] = useState(false);
  const [choice, setChoice] = useState<number | null>(null);
  const keeping = useAction();
  const [status, setStatus] = useState('');
  const headingId = useId();
  const selectId = useId();

  if (!experiment) {
    return (
      <section className={styles.experiment} aria-label={`Experiment of ${ruleName}`} aria-busy={loading}>
        {loading ? (
          <p className={formStyles.hint}>Loading the experiment…</p>
        ) : (
          <ProblemMessage error={error} />
        )}
      </section>
    );
  }

  const counted = experiment.counting === 'scanners' ? 'Scanners' : 'Scans';
  const winner = choice ?? suggestedWinner(experiment);
  const labelOf = (index: number) => experiment.variants[index]?.label ?? String(index);
  const kept = experiment.winnerKept;

  const keep = async () => {
    await keeping.run(async () => {
      const answer = await keepWinner(winner);
      setStatus(`Everyone is now sent to ${labelOf(answer.winnerKept ?? winner)}.`);
    });
    setConfirming(false);
  };

  return (
    <section className={styles.experiment} aria-labelledby={headingId} data-testid="experiment-panel">
      <div className={styles.experimentHeader}>
        <h4 id={headingId}>Experiment: {experiment.name}</h4>
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={loading}
          onClick={reload}
        >
          {loading ? 'Reading…' : 'Refresh'}
        </button>
      </div>
      <p className={formStyles.hint}>
        {experiment.sticky
          ? 'A sticky split: each scanner always sees the same variant, so rates are per scanner.'
          : 'Rates are conversions per scan.'}{' '}
        A is the control.
      </p>
      <div className={styles.tableScroll}>
        <ScrollableTable className={styles.variants}>
          <caption className="sr-only">Variants of {experiment.name}</caption>
          <TableHead
            columns={['Variant', 'Weight', counted, 'Conversions', 'Rate', 'Revenue', 'Difference to A']}
          />
          <tbody>
            {experiment.variants.map((variant) => (
              <tr key={variant.index} data-testid={`variant-${variant.label}`}>
                <th scope="row">
                  {variant.label} <span className={styles.url}>{variant.url}</span>
                </th>
                <td>{variant.weight}%</td>
                <td data-testid="variant-count">
                  {experiment.counting === 'scanners' ? variant.scanners : variant.scans}
                </td>
                <td data-testid="variant-conversions">{variant.conversions}</td>
                <td data-testid="variant-rate">{formatRate(variant.rate)}</td>
                <td>{formatRevenue(variant.revenue)}</td>
                <td>
                  <DifferenceCell variant={variant} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollableTable>
      </div>
      <p className={styles.verdict} data-testid="experiment-verdict">
        {experiment.verdict.text}
      </p>
      {kept !== null ? (
        <p data-testid="winner-kept">
          Winner kept: everyone is sent to {labelOf(kept)} ({experiment.variants[kept]?.url}).
        </p>
      ) : keepRefusal ? (
        <p className={formStyles.hint}>{keepRefusal}</p>
      ) : confirming ? (
        <ConfirmDialog
          label={`Keep ${labelOf(winner)} of ${experiment.name}`}
          confirmText={`Send everyone to ${labelOf(winner)}`}
          busy={keeping.busy}
          onConfirm={() => void keep()}
          onCancel={() => setConfirming(false)}
        >
          The verdict: {experiment.verdict.text}. Keep {labelOf(winner)}? The rule {experiment.name} then
          sends every scan to {experiment.variants[winner]?.url} (its weight 100, the others 0); codes using
          it follow at once.
        </ConfirmDialog>
      ) : (
        <div className={formStyles.row}>
          <label htmlFor={selectId}>Winner</label>
          <select id={selectId} value={winner} onChange={(event) => setChoice(Number(event.target.value))}>
            {experiment.variants.map((variant) => (
              <option key={variant.index} value={variant.index}>
                {variant.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--primary button--sm"
            onClick={() => setConfirming(true)}
          >
            Keep the winner
          </button>
        </div>
      )}
      <ProblemMessage error={keeping.error} />
      <p role="status" className="sr-only">
        {status}
      </p>
    </section>
  );
}
