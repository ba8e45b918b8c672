import { useLocation } from '@docusaurus/router';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { type VerificationLink, workspacesApi } from '@site/src/features/workspaces/api/workspaces';
import { sendVerificationEmail } from '@site/src/lib/auth';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import { useEffect, useState } from 'react';

/**
 * The Auth emulator sends no e-mail, so its link is shown here (the server logs it too). It leads
 * back to this page, where the person accepts again.
 */
function EmulatorLink({ onVerified }: { onVerified: () => void }) {
  const location = useLocation();
  const returnTo = location.pathname + location.search + location.hash;
  const [answer, setAnswer] = useState<VerificationLink | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    workspacesApi.verificationLink(returnTo).then(
      (link) => live && setAnswer(link),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [returnTo]);

  if (error !== null) return <ProblemMessage error={error} />;
  if (!answer) return <p aria-busy="true">Making your verification link…</p>;
  return (
    <p data-testid="verification-link">
      This server signs in with the Firebase Auth emulator, which sends no e-mail, so none was sent. Verify{' '}
      <strong>{answer.email}</strong> with this link: it brings you back here.{' '}
      <a className="button button--primary button--sm" href={answer.link}>
        Verify my e-mail address
      </a>{' '}
      <button type="button" className="button button--secondary button--sm" onClick={onVerified}>
        I have verified it: try again
      </button>
    </p>
  );
}

/** With a real Firebase project, Firebase e-mails the link when asked. */
function FirebaseEmail({ onVerified }: { onVerified: () => void }) {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <p>
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() =>
          sendVerificationEmail().then(
            () => setSent('We sent you a verification e-mail: open its link, then try again.'),
            () => setSent('The verification e-mail could not be sent; try again in a minute.'),
          )
        }
      >
        Send the verification e-mail
      </button>{' '}
      <button type="button" className="button button--secondary button--sm" onClick={onVerified}>
        I have verified it: try again
      </button>
      <span role="status"> {sent}</span>
    </p>
  );
}

/** How the signed-in person verifies their e-mail address on this server. */
export default function VerifyEmail({ onVerified }: { onVerified: () => void }) {
  const config = useRuntimeConfig();
  if (!config) return null;
  return config.firebase.emulatorUrl ? (
    <EmulatorLink onVerified={onVerified} />
  ) : (
    <FirebaseEmail onVerified={onVerified} />
  );
}
