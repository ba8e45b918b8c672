import { alreadyReloaded, markReloaded } from '@site/src/lib/chunkReload';
import { useEffect } from 'react';
import type { LoadingComponentProps as Props } from 'react-loadable';
import styles from './Loading.module.css';

/**
 * Shown while a page's code loads. If it fails, the page is reloaded once (a new deployment may
 * have replaced the chunk); if it fails again, the error is shown with 'Retry'.
 */
export default function Loading({ error, retry, pastDelay }: Props) {
  const reloading =
    Boolean(error) && typeof window !== 'undefined' && !alreadyReloaded(window.location.pathname);

  useEffect(() => {
    if (!reloading) return;
    markReloaded(window.location.pathname);
    window.location.reload();
  }, [reloading]);

  if (error && !reloading) {
    return (
      <div className={styles.failed} role="alert">
        <h1>Page Error</h1>
        <p>This page could not be loaded. Check your connection, then retry.</p>
        <p className={styles.detail}>{String(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay || reloading) {
    return (
      <div className={styles.loading} aria-busy="true" aria-live="polite">
        <span className={styles.spinner} />
        <span className="sr-only">Loading</span>
      </div>
    );
  }
  return null;
}
