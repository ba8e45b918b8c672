import ProblemMessage, { type FieldSentences } from '@site/src/components/ProblemMessage';
import { API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKey } from '@site/src/features/apiKeys/api/types';
import { rq } from '@site/src/lib/api';
import { useAction } from '@site/src/lib/useAction';
import { type FormEvent, useState } from 'react';
import styles from './ApiKeys.module.css';

/** The end of the chosen day in UTC, so a key "expiring on" a date works through that date. */
/**
 * The last second of a calendar day (the date input's YYYY-MM-DD) on the user's own clock: a key
 * made in Los Angeles to expire "on the 30th" works until 23:59:59 there, not until midnight UTC.
 */
function endOfLocalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year as number, (month as number) - 1, day, 23, 59, 59).toISOString();
}

/** What to do about each field the API can refuse, said once, next to the form. */
const FIELD_SENTENCES: FieldSentences = {
  '/body/name': 'Give the key a name of 1 to 100 characters.',
  '/body/scopes': 'Choose at least one scope.',
  '/body/expiresAt': 'Choose an expiry date in the future, or leave it empty.',
};

export default function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['qrcodes:read', 'qrcodes:write']);
  const [expires, setExpires] = useState('');
  const { busy, error, run } = useAction();
  // The user's own date: in Los Angeles in the evening, UTC is already at tomorrow.
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

  const toggle = (scope: ApiKeyScope) =>
    setScopes((current) =>
      current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope],
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const body = { name: name.trim(), scopes, ...(expires ? { expiresAt: endOfLocalDay(expires) } : {}) };
      const created = await rq.apiKeys.create({ body });
      onCreated(created);
      setName('');
      setExpires('');
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className={styles.form} aria-label="Create an API key">
      <label className={styles.field}>
        <span>Name</span>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={100}
          placeholder="Production server"
        />
      </label>
      <fieldset className={styles.scopes}>
        <legend>Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope.id} className={styles.scope}>
            <input type="checkbox" checked={scopes.includes(scope.id)} onChange={() => toggle(scope.id)} />
            <code>{scope.id}</code>
            <span>{scope.label}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.field}>
        <span>Expires (optional)</span>
        <input type="date" value={expires} min={today} onChange={(e) => setExpires(e.target.value)} />
      </label>
      <ProblemMessage error={error} fieldSentences={FIELD_SENTENCES} />
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
