import { useState } from 'react';
import styles from './ApiKeys.module.css';
import type { CreatedApiKey } from './types';

/** The new key's secret, shown this once, with a copy button. */
export default function NewKeyPanel({
  created,
  onDismiss,
}: {
  created: CreatedApiKey;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className={styles.newKey} aria-label="Your new API key" data-testid="new-key">
      <h3>Key “{created.name}” created</h3>
      <p>Copy it now: this is the only time it is shown. We keep only a hash of it.</p>
      <div className={styles.secretRow}>
        <code className={styles.secret} data-testid="new-key-secret">
          {created.key}
        </code>
        <button type="button" className="button button--primary button--sm" onClick={() => void copy()}>
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      {copied === 'failed' && (
        <p className="rq-error">The browser did not allow copying: select the key and copy it by hand.</p>
      )}
      <button type="button" className="button button--link" onClick={onDismiss}>
        I have saved it
      </button>
    </section>
  );
}
