import Link from '@docusaurus/Link';
import type { Design, Style } from '@site/src/api/codes';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import SignInPrompt from '@site/src/components/SignInPrompt';
import { rq } from '@site/src/lib/api';
import { useAuth } from '@site/src/lib/auth';
import { useAction } from '@site/src/lib/useAction';
import { type FormEvent, useId, useState } from 'react';

const FIELD_SENTENCES = {
  '/body/name': 'Give the design a name of 1 to 100 characters.',
} as const;

/**
 * Saves the design tool's style as a named design of the account (POST /designs), to apply to
 * codes later in the code manager. Signed out, it offers to sign in and come back.
 */
export default function SaveDesignButton({ style }: { style: Style }) {
  const auth = useAuth();
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState<Design | null>(null);
  const nameId = useId();
  const errorId = useId();

  if (auth.status === 'loading') return null;
  if (auth.status === 'signedOut') return <SignInPrompt action="save this design to your account" />;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    await run(async () => setSaved(await rq.designs.create({ body: { name: name.trim(), style } })));
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void save(event)} aria-label="Save this design">
      <div className={formStyles.field}>
        <label htmlFor={nameId}>Design name</label>
        <div className={formStyles.row}>
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            autoComplete="off"
            placeholder="Brand purple"
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {busy ? 'Saving…' : 'Save design'}
          </button>
        </div>
        <div id={errorId}>
          <ProblemMessage error={error} fieldSentences={FIELD_SENTENCES} />
        </div>
      </div>
      <p role="status" className={formStyles.hint}>
        {saved && (
          <>
            Saved “{saved.name}”. Apply it to your codes in the <Link to="/codes#designs">code manager</Link>.
          </>
        )}
      </p>
    </form>
  );
}
