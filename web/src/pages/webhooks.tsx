import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import WebhooksManager from '@site/src/features/webhooks/components/WebhooksManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import Layout from '@theme/Layout';

/** Endpoints are the workspace's: only admins and the owner see and change them. */
function Webhooks() {
  const refused = useRefusal('manageWebhooks');
  if (refused) {
    return (
      <p className="rq-notice" data-testid="webhooks-refusal">
        {refused}
      </p>
    );
  }
  return <WebhooksManager />;
}

export default function WebhooksPage() {
  return (
    <Layout
      title="Webhooks"
      description="Send your workspace's events to your own endpoints, signed and retried, with a delivery log."
    >
      <main className="rq-page">
        <h1>Webhooks</h1>
        <p className="rq-lead">
          Webhooks tell your server when something happens in this workspace: a code is scanned or changed, a
          hostname is verified, a limit is reached. Each event is a signed <code>POST</code> (Standard
          Webhooks), retried seven times over about 28 hours until your endpoint answers 2xx; an endpoint that
          answers <code>410</code>, or fails for five days, is turned off. Only admins and the owner manage
          them; <Link to="/api-keys">API keys</Link> with the <code>webhooks:write</code> scope can too.{' '}
          <Link to="/docs/webhooks">The webhooks docs</Link> give the exact signing and retry contract, and{' '}
          <Link to="/tutorials/receiving-webhooks">Receiving webhooks</Link> builds a receiver in a few lines.
        </p>
        <RequireAccount>
          <Webhooks />
        </RequireAccount>
      </main>
    </Layout>
  );
}
