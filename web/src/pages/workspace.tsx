import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import AppPage from '@site/src/components/AppPage';
import WorkspaceSettings from '@site/src/features/workspaces/components/WorkspaceSettings';

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
    <AppPage
      title="Workspace"
      heading="Workspace settings"
      description="Your workspace: its name, members and roles, invitations, ownership and audit log."
      lead="A workspace owns codes, rules, designs, hostnames, API keys, plans and analytics. Invite people with a role: viewers read, editors change codes and rules, admins also manage members, keys and hostnames, and the owner alone buys plans, transfers or deletes the workspace. Switch workspaces in the account menu."
    >
      <JoinedNotice />
      <WorkspaceSettings />
    </AppPage>
  );
}
