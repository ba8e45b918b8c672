import ProblemMessage from '@site/src/components/ProblemMessage';
import type { Hostname } from '@site/src/features/hostnames/api/types';
import { rq } from '@site/src/lib/api';
import { useAction } from '@site/src/lib/useAction';
import { useState } from 'react';
import styles from './Hostnames.module.css';

/** "Check now": asks the server to look the records up at once; the card shows what DNS answered. */
export default function CheckNow({
  hostname,
  onChecked,
}: {
  hostname: Hostname;
  onChecked: (hostname: Hostname) => void;
}) {
  const { busy, error, run } = useAction();
  const [outcome, setOutcome] = useState('');

  const check = () => {
    setOutcome('');
    return run(async () => {
      const checked = await rq.hostnames.verify({ params: { path: { id: hostname.id } } });
      onChecked(checked);
      setOutcome(
        checked.failure
          ? `Checked: not verified. ${checked.failure.detail}`
          : `Checked: ${checked.hostname} is verified.`,
      );
    });
  };

  return (
    <div className={styles.checkNow}>
      <button
        type="button"
        className="button button--primary button--sm"
        disabled={busy}
        onClick={() => void check()}
      >
        {busy ? 'Checking DNS…' : 'Check now'}
      </button>
      <span role="status" className="sr-only">
        {outcome}
      </span>
      <ProblemMessage error={error} />
    </div>
  );
}
