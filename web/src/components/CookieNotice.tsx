import Link from '@docusaurus/Link';
import { useEffect, useState } from 'react';
import styles from './CookieNotice.module.css';

export const COOKIE_CONSENT_KEY = 'cookieConsent';
export const COOKIE_CONSENT_VALUE = 'accepted';
/** How long the notice fades before consent is saved and it is removed. */
export const COOKIE_NOTICE_FADE_MS = 500;

function storedConsent(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null;
  }
}

/** Shown until the visitor accepts; on accept it fades out, then saves consent and hides. */
export default function CookieNotice() {
  const [phase, setPhase] = useState<'hidden' | 'shown' | 'fading'>('hidden');

  useEffect(() => {
    if (storedConsent() !== COOKIE_CONSENT_VALUE) setPhase('shown');
  }, []);

  useEffect(() => {
    if (phase !== 'fading') return;
    const timer = window.setTimeout(() => {
      try {
        window.localStorage.setItem(COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUE);
      } catch (error) {
        console.error('Could not save cookie consent', error);
      }
      setPhase('hidden');
    }, COOKIE_NOTICE_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === 'hidden') return null;
  return (
    <section
      className={`${styles.notice} ${phase === 'fading' ? styles.fading : ''}`}
      style={{ transitionDuration: `${COOKIE_NOTICE_FADE_MS}ms` }}
      aria-label="Cookie notice"
      data-testid="cookie-notice"
    >
      <p className={styles.text}>
        We use cookies and local storage to keep you signed in, remember your settings and count page views.{' '}
        <Link to="/cookie-policy">Cookie policy</Link>
      </p>
      <button
        type="button"
        className="button button--primary button--sm"
        onClick={() => setPhase('fading')}
        disabled={phase === 'fading'}
      >
        Accept
      </button>
    </section>
  );
}
