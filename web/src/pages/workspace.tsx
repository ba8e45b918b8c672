import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import RequireAccount from '@site/src/components/RequireAccount';
import WorkspaceSettings from '@site/src/features/workspaces/components/WorkspaceSettings';
import Layout from '@theme/Layout';

function JoinedNotice() {
  const joined = new URLSearchParams(useLocation().search).get('joined');
  if (!joined) return null;
  return (
    <p className="rq-notice" role="status">
      You joined <strong>{joined}</strong>: you are working in it now. Its <Link to="/codes">codes</Link> are
      here.
    </p>
  );
}

export default function WorkspacePage() {
  return (
    <Layout
      title="Workspace"
      description="Your workspace: its name, members and roles, invitations, ownership and audit log."
    >
      <main className="rq-page">
        <h1>Workspace settings</h1>
        <p className="rq-lead">
          A workspace owns codes, rules, designs, hostnames, API keys, plans and analytics. Invite people with
          a role: viewers read, editors change codes and rules, admins also manage members, keys and
          hostnames, and the owner alone buys plans, transfers or deletes the workspace. Switch workspaces in
          the account menu.
        </p>
        <RequireAccount>
          <JoinedNotice />
          <WorkspaceSettings />
        </RequireAccount>
      </main>
    </Layout>
  );
}
