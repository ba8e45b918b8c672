import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import ApiKeysManager from '@site/src/features/apiKeys/components/ApiKeysManager';
import Refusable from '@site/src/features/workspaces/components/Refusable';

export default function ApiKeysPage() {
  return (
    <AppPage
      title="API keys"
      description="Create and revoke the keys your applications use to call the RQ Codes API."
      lead={
        <>
          Keys let your applications call the API as your account. Send one as{' '}
          <code>Authorization: Bearer rq_…</code> or <code>X-API-Key</code>. Give each key only the scopes it
          needs; see the <Link to="/docs/intro">docs</Link> for what each call requires.
        </>
      }
    >
      {/* Keys are the workspace's: only admins and the owner see and make them. */}
      <Refusable action="manageApiKeys" testId="api-keys-refusal">
        <ApiKeysManager />
      </Refusable>
    </AppPage>
  );
}
