import Link from '@docusaurus/Link';
import ConversionSettingsSection from '@site/src/features/workspaces/components/ConversionSettingsSection';
import { useMembers } from '@site/src/features/workspaces/hooks/workspaceData';
import { can, refusal } from '@site/src/features/workspaces/model/access';
import { useWorkspace } from '@site/src/lib/workspace';
import AuditLog from './AuditLog';
import InvitationsSection from './InvitationsSection';
import MembersSection from './MembersSection';
import NameSection from './NameSection';
import OwnerSection from './OwnerSection';
import styles from './Workspace.module.css';

/**
 * The current workspace's settings: name, members, invitations, links to its integrations (API keys,
 * webhooks), conversion attribution, ownership and the audit log, by role.
 */
export default function WorkspaceSettings() {
  const { current } = useWorkspace();
  const members = useMembers(current?.id ?? '');
  if (!current) return <p aria-busy="true">Loading your workspace…</p>;
  const { role } = current;
  return (
    <div className={styles.layout}>
      <NameSection workspace={current} />
      <MembersSection workspace={current} />
      {can(role, 'manageMembers') ? (
        <InvitationsSection workspace={current} />
      ) : (
        <p className={styles.hint}>{refusal(role, 'manageMembers')}</p>
      )}
      {can(role, 'manageWebhooks') && (
        <section aria-labelledby="integrations-heading">
          <h2 id="integrations-heading">Integrations</h2>
          <p className={styles.hint}>
            <Link to="/api-keys">API keys</Link> let your applications call the API;{' '}
            <Link to="/webhooks">webhooks</Link> send this workspace's events to your server.
          </p>
        </section>
      )}
      <ConversionSettingsSection workspace={current} />
      {can(role, 'viewAuditLog') ? (
        <AuditLog members={members.items} />
      ) : (
        <p className={styles.hint}>{refusal(role, 'viewAuditLog')}</p>
      )}
      {role === 'owner' && !current.personal && <OwnerSection workspace={current} />}
    </div>
  );
}
