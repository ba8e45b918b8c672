import Link from '@docusaurus/Link';
import type { ApiAnswer } from '@site/src/api/types';
import ConfirmDialog from '@site/src/components/ConfirmDialog';
import LoadFailure from '@site/src/components/LoadFailure';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { rq } from '@site/src/lib/api';
import { useAction } from '@site/src/lib/useAction';
import { useCallback, useEffect, useState } from 'react';
import styles from './ApiKeys.module.css';
import OneTimeSecret from './OneTimeSecret';

/** GET /me/signing-secret answers it masked; the rotation's answer is the only full view. */
type SigningSecret = ApiAnswer<'/api/v1/me/signing-secret'>;

function Rotation({ onRotated }: { onRotated: (fresh: SigningSecret) => void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAction();

  const rotate = () =>
    run(async () => {
      onRotated(await rq.me.rotateSigningSecret());
      setConfirming(false);
    });

  return (
    <div>
      {!confirming && (
        <button
          type="button"
          className="button button--outline button--danger button--sm"
          onClick={() => setConfirming(true)}
        >
          Rotate secret
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          label="Rotate the signing secret"
          confirmText="Yes, rotate"
          busy={busy}
          onConfirm={() => void rotate()}
          onCancel={() => setConfirming(false)}
        >
          Rotate the signing secret? Calls are signed with the new one at once: endpoints that check the old
          one refuse them until you give them the new one.
        </ConfirmDialog>
      )}
      <ProblemMessage error={error} />
    </div>
  );
}

/** The account's signing secret for exec calls: seen masked, rotated here (the new one shown once). */
export default function SigningSecretPanel() {
  const [masked, setMasked] = useState<SigningSecret | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [fresh, setFresh] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setMasked(await rq.me.getSigningSecret());
    } catch (error) {
      setLoadError(error);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="rq-card" aria-labelledby="signing-secret-heading">
      <h2 id="signing-secret-heading">Signing secret</h2>
      <p>
        RQ Codes signs every call to your exec URLs with this secret (HMAC-SHA256, in the{' '}
        <code>RQ-Signature</code> header), so your endpoint can tell the call is ours. It belongs to the
        account, not to a key. <Link to="/tutorials/using-exec-url">Using an exec URL</Link> shows how to
        check it.
      </p>
      <LoadFailure error={loadError} onRetry={() => void load()} />
      {loadError === null && !masked && <p className={styles.empty}>Loading your signing secret…</p>}
      {masked && (
        <dl className={styles.secretFacts}>
          <dt>Current secret</dt>
          <dd>
            <code data-testid="signing-secret-masked">{masked.secret}</code>
          </dd>
          <dt>Made</dt>
          <dd>
            {new Date(masked.createdAt).toLocaleString(undefined, {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </dd>
        </dl>
      )}
      {fresh && (
        <OneTimeSecret
          label="Your new signing secret"
          title="New signing secret"
          secret={fresh}
          testId="new-signing-secret"
          onDismiss={() => setFresh(null)}
        >
          <p>
            Copy it now into your endpoint's settings (<code>RQ_SIGNING_SECRET</code> in the tutorial): this
            is the only time it is shown.
          </p>
        </OneTimeSecret>
      )}
      {masked && (
        <Rotation
          onRotated={(rotated) => {
            setFresh(rotated.secret);
            void load();
          }}
        />
      )}
    </section>
  );
}
