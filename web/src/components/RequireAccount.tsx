import { useHistory, useLocation } from '@docusaurus/router';
import { useAuth } from '@site/src/lib/auth';
import { loginPathFor } from '@site/src/lib/nextPath';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Renders its children for a signed-in user; a signed-out visitor goes to /login and back.
 * A user who signs out here (Logout, or another tab) goes to / instead (PRODUCT.md §9): sending
 * them to sign in again would undo the Logout's own navigation.
 */
export default function RequireAccount({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const history = useHistory();
  const location = useLocation();
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (auth.status === 'signedIn') wasSignedIn.current = true;
    if (auth.status !== 'signedOut') return;
    if (wasSignedIn.current) history.replace('/');
    else history.replace(loginPathFor(location.pathname, location.search));
  }, [auth.status, history, location.pathname, location.search]);

  if (auth.status !== 'signedIn') {
    return (
      <p className="rq-lead" aria-busy="true">
        {auth.status === 'loading' ? 'Checking your sign-in…' : 'Redirecting…'}
      </p>
    );
  }
  return <>{children}</>;
}
