import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { workspacesApi } from '@site/src/features/workspaces/api/workspaces';
import { refusal, roleLabel } from '@site/src/features/workspaces/model/access';
import { useSave } from '@site/src/lib/useSave';
import { useWorkspace, type Workspace } from '@site/src/lib/workspace';
import { useId, useState } from 'react';
import styles from './Workspace.module.css';

/** The workspace's name (renamed by admins and the owner) and the signed-in user's role in it. */
export default function NameSection({ workspace }: { workspace: Workspace }) {
  const { reload } = useWorkspace();
  const [name, setName] = useState(workspace.name);
  const id = useId();
  const hintId = useId();
  const refused = refusal(workspace.role, 'renameWorkspace');

  const { busy, error, saved, submit, edit } = useSave(async () => {
    await workspacesApi.rename(workspace.id, name.trim());
    await reload();
  });

  return (
    <section className="rq-card" aria-labelledby="workspace-name-heading">
      <h2 id="workspace-name-heading">{workspace.personal ? 'Your personal workspace' : 'Workspace'}</h2>
      <p>
        Your role here: <strong data-testid="my-role">{roleLabel(workspace.role)}</strong>.
        {workspace.personal && ' Your personal workspace was made when you first signed in.'}
      </p>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} aria-label="Workspace name">
        <div className={formStyles.field}>
          <label htmlFor={id}>Name</label>
          <div className={styles.row}>
            <input
              id={id}
              value={name}
              required
              maxLength={100}
              disabled={refused !== null}
              aria-describedby={refused ? hintId : undefined}
              onChange={(event) => edit(setName, event.target.value)}
            />
            {refused === null && (
              <button
                type="submit"
                className="button button--primary"
                disabled={busy || !name.trim() || name.trim() === workspace.name}
              >
                Rename
              </button>
            )}
          </div>
          {refused && (
            <p id={hintId} className={styles.hint}>
              {refused}
            </p>
          )}
        </div>
        <ProblemMessage error={error} />
        <p role="status" className={saved ? styles.hint : 'sr-only'}>
          {saved && 'Renamed.'}
        </p>
      </form>
    </section>
  );
}
