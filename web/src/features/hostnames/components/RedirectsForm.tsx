import ProblemMessage from '@site/src/components/ProblemMessage';
import type { Hostname } from '@site/src/features/hostnames/api/types';
import { rq } from '@site/src/lib/api';
import { splitProblem } from '@site/src/lib/formProblem';
import { useSave } from '@site/src/lib/useSave';
import { useId, useState } from 'react';
import styles from './Hostnames.module.css';

const ROOT = '/body/rootRedirect';
const NOT_FOUND = '/body/notFoundRedirect';
const FIELDS = { [ROOT]: 'The root redirect', [NOT_FOUND]: 'The not-found redirect' };

function RedirectField({
  label,
  hint,
  value,
  onChange,
  problem,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://example.com/"
        aria-invalid={problem !== undefined}
        aria-describedby={problem !== undefined ? `${errorId} ${hintId}` : hintId}
      />
      <span id={hintId} className={styles.hint}>
        {hint}
      </span>
      {problem && (
        <p id={errorId} className="rq-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Where the bare hostname and unknown slugs go; an emptied field removes the redirect (null). */
export default function RedirectsForm({
  hostname,
  onSaved,
}: {
  hostname: Hostname;
  onSaved: (hostname: Hostname) => void;
}) {
  const [root, setRoot] = useState(hostname.rootRedirect ?? '');
  const [notFound, setNotFound] = useState(hostname.notFoundRedirect ?? '');
  const { busy, error, saved, submit, edit } = useSave(async () => {
    const body = { rootRedirect: root.trim() || null, notFoundRedirect: notFound.trim() || null };
    const updated = await rq.hostnames.update({ params: { path: { id: hostname.id } }, body });
    // Show the URLs as the server stored them (normalised).
    setRoot(updated.rootRedirect ?? '');
    setNotFound(updated.notFoundRedirect ?? '');
    onSaved(updated);
  });
  const { byField, general } = splitProblem(error, FIELDS);

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className={styles.redirects}
      aria-label={`Redirects of ${hostname.hostname}`}
    >
      <RedirectField
        label="Root redirect"
        hint={`Where https://${hostname.hostname}/ goes. Empty: a plain page.`}
        value={root}
        onChange={(value) => edit(setRoot, value)}
        problem={byField[ROOT]}
      />
      <RedirectField
        label="Not-found redirect"
        hint="Where an unknown or disabled slug goes. Empty: a “not active” page (404)."
        value={notFound}
        onChange={(value) => edit(setNotFound, value)}
        problem={byField[NOT_FOUND]}
      />
      <ProblemMessage error={general} />
      <div className={styles.buttonRow}>
        <button type="submit" className="button button--secondary button--sm" disabled={busy}>
          {busy ? 'Saving…' : 'Save redirects'}
        </button>
        <span role="status" className={styles.saved}>
          {saved && 'Redirects saved.'}
        </span>
      </div>
    </form>
  );
}
