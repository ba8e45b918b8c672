import Link from '@docusaurus/Link';
import type { Hostname } from '@site/src/features/hostnames/api/types';
import { ApiError, rq } from '@site/src/lib/api';
import { splitProblem } from '@site/src/lib/formProblem';
import { useAction } from '@site/src/lib/useAction';
import { type FormEvent, useId, useState } from 'react';
import styles from './Hostnames.module.css';
import { hostnameFromInput } from './names';

const FIELDS = { '/body/hostname': 'The hostname' } as const;

/** What went wrong, said next to the field: the API's own words, and for a 402 the plan that lifts it. */
function FieldProblem({ id, error }: { id: string; error: unknown }) {
  if (error === null) return null;
  if (error instanceof ApiError && error.status === 402) {
    return (
      <p id={id} className="rq-error" role="alert">
        {error.detail} <Link to="/increase-limit">See the Custom Hostnames plan</Link>.
      </p>
    );
  }
  const { byField, general } = splitProblem(error, FIELDS);
  const sentence =
    byField['/body/hostname'] ?? (general instanceof Error ? general.message : String(general));
  return (
    <p id={id} className="rq-error" role="alert">
      {sentence}
    </p>
  );
}

/** Claims a name for the account; the answer carries the two records to publish. */
export default function AddHostnameForm({ onAdded }: { onAdded: (hostname: Hostname) => void }) {
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  // A plan limit is no fault of the name typed: say it next to the field without marking it invalid.
  const invalid = error !== null && !(error instanceof ApiError && error.status === 402);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const added = await rq.hostnames.create({ body: { hostname: hostnameFromInput(name) } });
      onAdded(added);
      setName('');
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className={styles.addForm} aria-label="Add a hostname">
      <div className={styles.field}>
        <label htmlFor={inputId}>Hostname</label>
        <div className={styles.addRow}>
          <input
            id={inputId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            placeholder="qr.example.com"
            aria-invalid={invalid}
            aria-describedby={error !== null ? `${errorId} ${hintId}` : hintId}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Adding…' : 'Add hostname'}
          </button>
        </div>
        <span id={hintId} className={styles.hint}>
          A name of a domain you control, such as qr.example.com. A pasted URL adds its host.
        </span>
        <FieldProblem id={errorId} error={error} />
      </div>
    </form>
  );
}
