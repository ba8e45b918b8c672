import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { workspacesApi } from '@site/src/features/workspaces/api/workspaces';
import VerifyEmail from '@site/src/features/workspaces/components/VerifyEmail';
import { acceptRefusal } from '@site/src/features/workspaces/model/acceptRefusal';
import { ApiError } from '@site/src/lib/api';
import { refreshSignIn, signOutUser, useAuth } from '@site/src/lib/auth';
import { loginPathFor } from '@site/src/lib/nextPath';
import { useWorkspace } from '@site/src/lib/workspace';
import { useState } from 'react';

/** The token of `/invitations/accept#token=...` (a fragment, so it never reaches a server's logs). */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

function Refusal({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!(error instanceof ApiError)) return <ProblemMessage error={error} />;
  const refusal = acceptRefusal(error.code);
  return (
    <div className="rq-error" role="alert" data-testid="accept-refusal">
      <strong>{refusal.title}.</strong> {error.detail} {refusal.advice}
      {refusal.offer === 'signOut' && (
        <p>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => void signOutUser()}
          >
            Sign out
          </button>
        </p>
      )}
      {refusal.offer === 'verify' && <VerifyEmail onVerified={onRetry} />}
      {refusal.offer === 'workspace' && (
        <p>
          <Link to="/workspace">Your workspace settings</Link>
        </p>
      )}
    </div>
  );
}

/** Accepts the invitation of the link for the signed-in user, then works in its workspace. */
export default function AcceptInvitation() {
  const auth = useAuth();
  const location = useLocation();
  const history = useHistory();
  const { reload, switchTo } = useWorkspace();
  // The token is in the fragment, which the server never sees: the page is built without it, and
  // hydrating shows that build before reading it (else React reports a text mismatch, #418).
  const hydrated = useIsBrowser();
  const token = tokenOf(location.hash);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  if (!hydrated) return <p aria-busy="true">Reading the invitation link…</p>;
  if (!token) {
    return (
      <p className="rq-error" role="alert">
        This link carries no invitation: open the whole link from the invitation e-mail or message.
      </p>
    );
  }
  if (auth.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (auth.status === 'signedOut') {
    return (
      <p>
        <Link
          className="button button--primary"
          to={loginPathFor(location.pathname, location.search + location.hash)}
        >
          Sign in to accept
        </Link>{' '}
        Sign in (or create an account) with the e-mail address the invitation was sent to; you come back here
        afterwards.
      </p>
    );
  }

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      // A just-verified address is only in a new token.
      await refreshSignIn();
      const workspace = await workspacesApi.accept(token);
      await reload();
      history.replace(`/workspace?joined=${encodeURIComponent(workspace.name)}`);
      switchTo(workspace.id);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return (
    <div>
      <p>
        You are signed in as <strong>{auth.user.email ?? auth.user.displayName}</strong>. Accept the
        invitation to join its workspace; you can switch between workspaces in the account menu.
      </p>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void accept()}>
        Accept invitation
      </button>
      {error !== null && <Refusal error={error} onRetry={() => void accept()} />}
    </div>
  );
}
