import ConfirmedAction from '@site/src/components/ConfirmedAction';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { workspacesApi } from '@site/src/features/workspaces/api/workspaces';
import { useMembers } from '@site/src/features/workspaces/hooks/workspaceData';
import { useSignedInUser } from '@site/src/lib/auth';
import { useWorkspace, type Workspace } from '@site/src/lib/workspace';
import { type FormEvent, useId, useState } from 'react';
import styles from './Workspace.module.css';

function TransferOwnership({ workspace }: { workspace: Workspace }) {
  const me = useSignedInUser();
  const { reload } = useWorkspace();
  const members = useMembers(workspace.id);
  const others = members.items.filter((member) => member.uid !== me?.uid);
  const [uid, setUid] = useState('');
  const id = useId();
  const chosen = others.find((member) => member.uid === uid);
  const chosenName = chosen ? chosen.displayName || chosen.email || chosen.uid : '';

  return (
    <div>
      <h3>Transfer ownership</h3>
      {others.length === 0 ? (
        <p className={styles.hint}>Invite another member first: the workspace is transferred to a member.</p>
      ) : (
        <>
          <div className={formStyles.field}>
            <label htmlFor={id}>New owner</label>
            <select id={id} value={uid} onChange={(event) => setUid(event.target.value)}>
              <option value="">Choose a member</option>
              {others.map((member) => (
                <option key={member.uid} value={member.uid}>
                  {member.displayName || member.email || member.uid}
                </option>
              ))}
            </select>
            <p className={styles.hint}>
              You become an admin; the new owner alone can delete the workspace or buy plans.
            </p>
          </div>
          {chosen && (
            <ConfirmedAction
              buttonText="Transfer ownership"
              label={`Transfer ${workspace.name} to ${chosenName}`}
              confirmText="Transfer"
              action={async () => {
                await workspacesApi.transfer(workspace.id, chosen.uid);
                members.reload();
                await reload();
              }}
            >
              Make {chosenName} the owner of {workspace.name}? You become an admin and cannot undo this
              yourself.
            </ConfirmedAction>
          )}
        </>
      )}
    </div>
  );
}

/** Deleting asks for the workspace's name typed out: it cannot be undone and codes stop at once. */
function DeleteWorkspace({ workspace }: { workspace: Workspace }) {
  const { reload, workspaces, switchTo } = useWorkspace();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const id = useId();
  const warningId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await workspacesApi.remove(workspace.id, typed);
      const personal = workspaces.find((candidate) => candidate.personal);
      if (personal) switchTo(personal.id);
      await reload();
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return (
    <form aria-label="Delete workspace" className={formStyles.form} onSubmit={(event) => void submit(event)}>
      <h3>Delete workspace</h3>
      <p id={warningId}>
        Deleting <strong>{workspace.name}</strong> erases its codes, rules, designs, hostnames, API keys,
        analytics and members. <strong>Its codes stop redirecting at once</strong>, printed ones included.
        This cannot be undone.
      </p>
      <div className={formStyles.field}>
        <label htmlFor={id}>Type the workspace's name to confirm</label>
        <input
          id={id}
          value={typed}
          autoComplete="off"
          aria-describedby={warningId}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div>
        <button type="submit" className="button button--danger" disabled={busy || typed !== workspace.name}>
          Delete {workspace.name}
        </button>
      </div>
      <ProblemMessage
        error={error}
        fieldSentences={{ '/body/confirm': "Type the workspace's exact name." }}
      />
    </form>
  );
}

/** What only the owner of a team workspace may do. */
export default function OwnerSection({ workspace }: { workspace: Workspace }) {
  return (
    <section className={`rq-card ${styles.danger}`} aria-labelledby="owner-heading">
      <h2 id="owner-heading">Ownership</h2>
      <TransferOwnership workspace={workspace} />
      <DeleteWorkspace workspace={workspace} />
    </section>
  );
}
