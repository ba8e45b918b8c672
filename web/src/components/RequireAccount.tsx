import { useHistory, useLocation } from '@docusaurus/router';
import { useAuth } from '@site/src/lib/auth';
import { loginPathFor } from '@site/src/lib/nextPath';
import { type ReactNode, useEffect } from 'react';

/** Renders its children for a signed-in user; a signed-out visitor goes to /login and back. */
export default function RequireAccount({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const history = useHistory();
  const location = useLocation();

  useEffect(() => {
    if (auth.status === 'signedOut') history.replace(loginPathFor(location.pathname, location.search));
  }, [auth.status, history, location.pathname, location.search]);

  if (auth.status !== 'signedIn') {
    return (
      <p className="rq-lead" aria-busy="true">
        {auth.status === 'loading' ? 'Checking your sign-in…' : 'Redirecting to sign in…'}
      </p>
    );
  }
  return <>{children}</>;
}
