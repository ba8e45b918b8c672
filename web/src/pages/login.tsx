import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import AccountIncludes from '@site/src/features/billing/components/AccountIncludes';
import {
  describeAuthError,
  signInWithEmail,
  signInWithGoogle,
  signUpWithEmail,
  useAuth,
} from '@site/src/lib/auth';
import { safeNextPath } from '@site/src/lib/nextPath';
import { useRequiredRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import Layout from '@theme/Layout';
import clsx from 'clsx';
import { type FormEvent, useEffect, useState } from 'react';
import styles from './login.module.css';

type Mode = 'signIn' | 'signUp';

function LoginForm() {
  const config = useRequiredRuntimeConfig();
  const auth = useAuth();
  const history = useHistory();
  const location = useLocation();
  const next = safeNextPath(location.search);
  const [mode, setMode] = useState<Mode>('signIn');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (auth.status === 'signedIn') history.replace(next);
  }, [auth.status, history, next]);

  const ready = config !== undefined && auth.status !== 'loading';

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(describeAuthError(caught));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() =>
      mode === 'signUp' ? signUpWithEmail(email, password, name) : signInWithEmail(email, password),
    );
  };

  return (
    <div className={clsx('rq-card', styles.card)}>
      <div className={styles.tabs} role="tablist" aria-label="Sign in or create an account">
        {(['signIn', 'signUp'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={mode === value}
            className={clsx(styles.tab, mode === value && styles.tabActive)}
            onClick={() => {
              setMode(value);
              setError(null);
            }}
          >
            {value === 'signIn' ? 'Sign in' : 'Create account'}
          </button>
        ))}
      </div>

      <form
        onSubmit={submit}
        className={styles.form}
        aria-label={mode === 'signIn' ? 'Sign in' : 'Create account'}
      >
        {mode === 'signUp' && (
          <label className={styles.field}>
            <span>Name</span>
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
              placeholder="Ada Lovelace"
            />
          </label>
        )}
        <label className={styles.field}>
          <span>Email</span>
          <input
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            placeholder="you@example.com"
          />
        </label>
        <label className={styles.field}>
          <span>Password</span>
          <input
            type="password"
            required
            minLength={6}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
          />
        </label>
        {error && (
          <p className="rq-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={!ready || busy}>
          {mode === 'signIn' ? 'Sign in' : 'Create account'}
        </button>
      </form>

      {config && !config.firebase.emulatorUrl && (
        <>
          <div className={styles.divider}>
            <span>or</span>
          </div>
          <button
            type="button"
            className={clsx('button button--secondary button--block', styles.google)}
            disabled={!ready || busy}
            onClick={() => void run(signInWithGoogle)}
          >
            <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
              <path
                fill="#FFC107"
                d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
              />
              <path
                fill="#FF3D00"
                d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
              />
              <path
                fill="#4CAF50"
                d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
              />
              <path
                fill="#1976D2"
                d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
              />
            </svg>
            Continue with Google
          </button>
        </>
      )}
      {config?.firebase.emulatorUrl && (
        // The emulator cannot complete Google's sign-in (it ends in auth/internal-error), so the
        // button is not offered; the operator needs a real Firebase project for it.
        <p className={styles.hint} data-testid="emulator-sign-in">
          Local sign-in: accounts live in the Firebase Auth emulator, so sign in with an e-mail address and
          password. Google sign-in needs a Firebase project (the operator sets FIREBASE_PROJECT_ID).
        </p>
      )}
    </div>
  );
}

export default function LoginPage() {
  return (
    <Layout
      title="Sign in"
      description="Sign in to RQ Codes to manage API keys, hostnames, designs and plans."
    >
      <main className={styles.page}>
        <div className={styles.intro}>
          <h1>Sign in to RQ Codes</h1>
          <p className="rq-lead">
            Manage your API keys, custom hostnames, designs and plans. New here? <AccountIncludes />
          </p>
          <p>
            By continuing you agree to the <Link to="/terms-of-service">terms of service</Link> and the{' '}
            <Link to="/privacy-policy">privacy policy</Link>.
          </p>
        </div>
        <LoginForm />
      </main>
    </Layout>
  );
}
