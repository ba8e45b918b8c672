import CopyButton from '@site/src/components/CopyButton';
import { type ReactNode, useEffect, useRef } from 'react';
import styles from './Webhooks.module.css';

/**
 * An endpoint's signing secret, shown this once (after create or rotate), with a copy button. It
 * takes the focus when it appears, so a keyboard or screen reader user lands on it, not on the page's top.
 */
export default function SecretReveal({
  title,
  secret,
  children,
  onDismiss,
}: {
  title: string;
  secret: string;
  /** What to do with it (where it goes, what happens to the old one). */
  children: ReactNode;
  onDismiss: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className={styles.secretPanel} aria-label={title} data-testid="webhook-secret">
      <h3 ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <p>
        <strong>Copy it now: you won&apos;t see it again.</strong> Only this answer carries it; the list never
        shows it.
      </p>
      {children}
      <div className={styles.secretRow}>
        <code className={styles.secret} data-testid="webhook-secret-value">
          {secret}
        </code>
        <CopyButton value={secret} what="signing secret" />
      </div>
      <button type="button" className="button button--link" onClick={onDismiss}>
        I have saved it
      </button>
    </section>
  );
}
