import { useHistory, useLocation } from '@docusaurus/router';
import { useAuth } from '@site/src/lib/auth';
import { loginPathFor } from '@site/src/lib/nextPath';
import { useWorkspace } from '@site/src/lib/workspace';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Renders its children for a signed-in user once their workspace and role are known (pages
 * disable what the role may not do, so they never ask for what would be refused); a signed-out visitor goes to /login and back.
 * A user who signs out here (Logout, or another tab) goes to / instead (PRODUCT.md §9): sending
 * them to sign in again would undo the Logout's own navigation.
 */
export default function RequireAccount({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const history = useHistory();
  const location = useLocation();
  const workspace = useWorkspace();
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
  if (workspace.loading) {
    return (
      <p className="rq-lead" aria-busy="true">
        Loading your workspace…
      </p>
    );
  }
  return <>{children}</>;
}
