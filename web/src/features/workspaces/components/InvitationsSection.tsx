import ConfirmedAction from '@site/src/components/ConfirmedAction';
import CopyButton from '@site/src/components/CopyButton';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage, { type CodeSentences } from '@site/src/components/ProblemMessage';
import TableHead from '@site/src/components/TableHead';
import {
  type GrantableRole,
  type SentInvitation,
  workspacesApi,
} from '@site/src/features/workspaces/api/workspaces';
import { useInvitations } from '@site/src/features/workspaces/hooks/workspaceData';
import { GRANTABLE_ROLES, roleLabel } from '@site/src/features/workspaces/model/access';
import { ApiError } from '@site/src/lib/api';
import { useAction } from '@site/src/lib/useAction';
import type { Workspace } from '@site/src/lib/workspace';
import { type FormEvent, useId, useState } from 'react';
import styles from './Workspace.module.css';

/** The link of an invitation just sent, shown this once with a copy button, and whether it was mailed. */
function SentLink({ sent, onDismiss }: { sent: SentInvitation; onDismiss: () => void }) {
  return (
    <section className="rq-notice" aria-label="Invitation link" data-testid="invitation-link">
      <p>
        {sent.mailed
          ? `We e-mailed an invitation to ${sent.email}. `
          : `This server sends no e-mail, so ${sent.email} was not e-mailed: send them the link yourself. `}
        The link works once, for {sent.email} only, until {new Date(sent.expiresAt).toLocaleString()}. Copy it
        now: it is not shown again.
      </p>
      <div className={styles.link}>
        <code data-testid="invitation-url">{sent.url}</code>
        <CopyButton value={sent.url} what="invitation link" />
        <button type="button" className="button button--link button--sm" onClick={onDismiss}>
          Done
        </button>
      </div>
    </section>
  );
}

/** The API names its resend route and the invitation's id; a person is pointed to the buttons. */
const INVITE_SENTENCES: CodeSentences = {
  invitation_pending: () =>
    'This address already has a pending invitation: use Resend beside it under Pending to send a new link, or Revoke to withdraw it.',
};

function InviteForm({
  workspace,
  onSent,
  onPending,
}: {
  workspace: Workspace;
  onSent: (sent: SentInvitation) => void;
  /** An invitation to that address is pending (perhaps sent by another admin since the list was read). */
  onPending: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantableRole>('editor');
  const { busy, error, run } = useAction();
  const ids = { email: useId(), role: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invited = email;
    await run(async () => {
      try {
        onSent(await workspacesApi.invite(workspace.id, invited.trim(), role));
        // An address typed while this one was being sent is kept.
        setEmail((typed) => (typed === invited ? '' : typed));
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'invitation_pending') onPending();
        throw caught;
      }
    });
  };

  return (
    <form className={formStyles.form} aria-label="Invite a member" onSubmit={(event) => void submit(event)}>
      <div className={styles.row}>
        <div className={formStyles.field}>
          <label htmlFor={ids.email}>E-mail</label>
          <input
            id={ids.email}
            type="email"
            required
            value={email}
            autoComplete="off"
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.role}>Role</label>
          <select
            id={ids.role}
            value={role}
            onChange={(event) => setRole(event.target.value as GrantableRole)}
          >
            {GRANTABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {roleLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary" disabled={busy || !email.trim()}>
          Invite
        </button>
      </div>
      <ProblemMessage
        error={error}
        fieldSentences={{ '/body/email': 'Enter a valid e-mail address.' }}
        codeSentences={INVITE_SENTENCES}
      />
    </form>
  );
}

function ResendButton({
  workspace,
  invitationId,
  onSent,
}: {
  workspace: Workspace;
  invitationId: string;
  onSent: (sent: SentInvitation) => void;
}) {
  const { busy, error, run } = useAction();
  return (
    <div>
      <button
        type="button"
        className="button button--secondary button--sm"
        disabled={busy}
        onClick={() => void run(async () => onSent(await workspacesApi.resend(workspace.id, invitationId)))}
      >
        Resend
      </button>
      <ProblemMessage error={error} />
    </div>
  );
}

/** Invite by e-mail (the link is shown once), and the pending invitations with resend and revoke. */
export default function InvitationsSection({ workspace }: { workspace: Workspace }) {
  const invitations = useInvitations(workspace.id, true);
  const [sent, setSent] = useState<SentInvitation | null>(null);

  const onSent = (invitation: SentInvitation) => {
    setSent(invitation);
    const { url: _url, mailed: _mailed, ...listed } = invitation;
    invitations.edit((list) => [...list.filter((other) => other.id !== listed.id), listed]);
  };

  return (
    <section className="rq-card" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <p className={styles.hint}>
        The invited person signs in with that e-mail address (verified) and accepts within 7 days.
      </p>
      <InviteForm workspace={workspace} onSent={onSent} onPending={invitations.reload} />
      {sent && <SentLink sent={sent} onDismiss={() => setSent(null)} />}
      <h3>Pending</h3>
      <ProblemMessage error={invitations.error} />
      {invitations.items.length === 0 && !invitations.loading && invitations.error === null && (
        <p>No pending invitations.</p>
      )}
      {invitations.items.length > 0 && (
        <table className={styles.table}>
          <TableHead columns={['E-mail', 'Role', 'Expires']} actions />
          <tbody>
            {invitations.items.map((invitation) => (
              <tr key={invitation.id} data-testid="invitation">
                <td>{invitation.email}</td>
                <td>{roleLabel(invitation.role)}</td>
                <td>{new Date(invitation.expiresAt).toLocaleString()}</td>
                <td>
                  <div className={styles.actions}>
                    <ResendButton workspace={workspace} invitationId={invitation.id} onSent={onSent} />
                    <ConfirmedAction
                      buttonText="Revoke"
                      label={`Revoke the invitation of ${invitation.email}`}
                      confirmText="Revoke invitation"
                      action={async () => {
                        await workspacesApi.revoke(workspace.id, invitation.id);
                        invitations.edit((list) => list.filter((other) => other.id !== invitation.id));
                        setSent((shown) => (shown?.id === invitation.id ? null : shown));
                      }}
                    >
                      Revoke the invitation of {invitation.email}? Its link stops working.
                    </ConfirmedAction>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
