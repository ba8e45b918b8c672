import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import { loginPathFor } from '@site/src/lib/nextPath';
import styles from './SignInPrompt.module.css';

/** For a signed-out visitor: what signing in gives, and a link that comes back to this very page. */
export default function SignInPrompt({ action }: { action: string }) {
  const location = useLocation();
  return (
    <p className={styles.signIn}>
      <Link
        className="button button--primary button--sm"
        to={loginPathFor(location.pathname, location.search + location.hash)}
      >
        Sign in
      </Link>{' '}
      to {action}. Your design stays as it is: you come back here after signing in.
    </p>
  );
}
