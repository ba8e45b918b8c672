import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import WebhooksManager from '@site/src/features/webhooks/components/WebhooksManager';
import Refusable from '@site/src/features/workspaces/components/Refusable';

export default function WebhooksPage() {
  return (
    <AppPage
      title="Webhooks"
      description="Send your workspace's events to your own endpoints, signed and retried, with a delivery log."
      lead={
        <>
          Webhooks tell your server when something happens in this workspace: a code is scanned or changed, a
          hostname is verified, a limit is reached. Each event is a signed <code>POST</code> (Standard
          Webhooks), retried seven times over about 28 hours until your endpoint answers 2xx; an endpoint that
          answers <code>410</code>, or fails for five days, is turned off. Only admins and the owner manage
          them; <Link to="/api-keys">API keys</Link> with the <code>webhooks:write</code> scope can too.{' '}
          <Link to="/docs/webhooks">The webhooks docs</Link> give the exact signing and retry contract, and{' '}
          <Link to="/tutorials/receiving-webhooks">Receiving webhooks</Link> builds a receiver in a few lines.
        </>
      }
    >
      {/* Endpoints are the workspace's: only admins and the owner see and change them. */}
      <Refusable action="manageWebhooks" testId="webhooks-refusal">
        <WebhooksManager />
      </Refusable>
    </AppPage>
  );
}
