import ConfirmedAction from '@site/src/components/ConfirmedAction';
import ProblemMessage from '@site/src/components/ProblemMessage';
import TableHead from '@site/src/components/TableHead';
import { type GrantableRole, type Member, workspacesApi } from '@site/src/features/workspaces/api/workspaces';
import { useMembers } from '@site/src/features/workspaces/hooks/workspaceData';
import { GRANTABLE_ROLES, memberActions, roleLabel } from '@site/src/features/workspaces/model/access';
import { useSignedInUser } from '@site/src/lib/auth';
import { useAction } from '@site/src/lib/useAction';
import { useWorkspace, type Workspace } from '@site/src/lib/workspace';
import styles from './Workspace.module.css';

function nameOf(member: Member): string {
  return member.displayName || member.email || member.uid;
}

function RoleSelect({
  workspace,
  member,
  onChanged,
}: {
  workspace: Workspace;
  member: Member;
  onChanged: (member: Member) => void;
}) {
  const { busy, error, run } = useAction();
  const change = async (role: GrantableRole) => {
    await run(async () => {
      onChanged({ ...member, ...(await workspacesApi.setRole(workspace.id, member.uid, role)), role });
    });
  };
  return (
    <>
      <select
        aria-label={`Role of ${nameOf(member)}`}
        value={member.role}
        disabled={busy}
        onChange={(event) => void change(event.target.value as GrantableRole)}
      >
        {GRANTABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
      <ProblemMessage error={error} />
    </>
  );
}

/** Who is in the workspace, with their roles: owners and admins change and remove; anyone leaves. */
export default function MembersSection({ workspace }: { workspace: Workspace }) {
  const me = useSignedInUser();
  const { reload, workspaces, switchTo } = useWorkspace();
  const members = useMembers(workspace.id);
  const myUid = me?.uid ?? '';

  const replace = (changed: Member) =>
    members.edit((list) => list.map((member) => (member.uid === changed.uid ? changed : member)));

  const leave = async () => {
    await workspacesApi.removeMember(workspace.id, myUid);
    const personal = workspaces.find((candidate) => candidate.personal);
    if (personal) switchTo(personal.id);
    await reload();
  };

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <ProblemMessage error={members.error} />
      {members.loading && members.items.length === 0 && <p aria-busy="true">Loading the members…</p>}
      {members.items.length > 0 && (
        <table className={styles.table}>
          <TableHead columns={['Member', 'Role', 'Joined']} actions />
          <tbody>
            {members.items.map((member) => {
              const allowed = memberActions(myUid, workspace.role, member);
              return (
                <tr key={member.uid} data-testid="member">
                  <td>
                    {nameOf(member)}
                    {member.uid === myUid && ' (you)'}
                    {member.email && member.displayName && (
                      <>
                        <br />
                        <span className={styles.hint}>{member.email}</span>
                      </>
                    )}
                  </td>
                  <td>
                    {allowed.changeRole ? (
                      <RoleSelect workspace={workspace} member={member} onChanged={replace} />
                    ) : (
                      roleLabel(member.role)
                    )}
                  </td>
                  <td>{new Date(member.joinedAt).toLocaleDateString()}</td>
                  <td>
                    {allowed.remove && (
                      <ConfirmedAction
                        buttonText="Remove"
                        label={`Remove ${nameOf(member)}`}
                        confirmText="Remove member"
                        action={async () => {
                          await workspacesApi.removeMember(workspace.id, member.uid);
                          members.edit((list) => list.filter((other) => other.uid !== member.uid));
                        }}
                      >
                        Remove {nameOf(member)} from {workspace.name}? They lose access at once.
                      </ConfirmedAction>
                    )}
                    {allowed.leave && (
                      <ConfirmedAction
                        buttonText="Leave workspace"
                        label={`Leave ${workspace.name}`}
                        confirmText="Leave"
                        action={leave}
                      >
                        Leave {workspace.name}? You will need a new invitation to come back.
                      </ConfirmedAction>
                    )}
                    {member.uid === myUid && member.role === 'owner' && !workspace.personal && (
                      <span className={styles.hint}>
                        To leave, transfer the workspace to another member first.
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
