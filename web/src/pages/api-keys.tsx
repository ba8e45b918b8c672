import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import ApiKeysManager from '@site/src/features/apiKeys/components/ApiKeysManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import Layout from '@theme/Layout';

/** Keys are the workspace's: only admins and the owner see and make them. */
function ApiKeys() {
  const refused = useRefusal('manageApiKeys');
  if (refused) {
    return (
      <p className="rq-notice" data-testid="api-keys-refusal">
        {refused}
      </p>
    );
  }
  return <ApiKeysManager />;
}

export default function ApiKeysPage() {
  return (
    <Layout
      title="API keys"
      description="Create and revoke the keys your applications use to call the RQ Codes API."
    >
      <main className="rq-page">
        <h1>API keys</h1>
        <p className="rq-lead">
          Keys let your applications call the API as your account. Send one as{' '}
          <code>Authorization: Bearer rq_…</code> or <code>X-API-Key</code>. Give each key only the scopes it
          needs; see the <Link to="/docs/intro">docs</Link> for what each call requires.
        </p>
        <RequireAccount>
          <ApiKeys />
        </RequireAccount>
      </main>
    </Layout>
  );
}
