import { type ReactNode, useState } from 'react';
import styles from './ApiKeys.module.css';

/** A secret shown this once (a new API key, a new signing secret), with a copy button. */
export default function OneTimeSecret({
  label,
  title,
  secret,
  testId,
  children,
  onDismiss,
}: {
  /** The section's accessible name. */
  label: string;
  title: ReactNode;
  secret: string;
  testId: string;
  /** What the secret is for, under the title. */
  children: ReactNode;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className={styles.newKey} aria-label={label} data-testid={testId}>
      <h3>{title}</h3>
      {children}
      <div className={styles.secretRow}>
        <code className={styles.secret} data-testid={`${testId}-secret`}>
          {secret}
        </code>
        <button type="button" className="button button--primary button--sm" onClick={() => void copy()}>
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      {copied === 'failed' && (
        <p className="rq-error">The browser did not allow copying: select the secret and copy it by hand.</p>
      )}
      <button type="button" className="button button--link" onClick={onDismiss}>
        I have saved it
      </button>
    </section>
  );
}
