import Link from '@docusaurus/Link';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { rq } from '@site/src/lib/api';
import { useWorkspace } from '@site/src/lib/workspace';
import clsx from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import styles from './AccountNavbarItem.module.css';

function roleName(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

function CreateWorkspaceForm({ linkClass, onCreated }: { linkClass: string; onCreated: () => void }) {
  const { reload, switchTo } = useWorkspace();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await rq.workspaces.create({ body: { name: name.trim() } });
      await reload();
      onCreated();
      switchTo(created.id);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.createForm}
      aria-label="Create workspace"
      onSubmit={(event) => void submit(event)}
    >
      <label htmlFor={id}>Workspace name</label>
      <input
        id={id}
        value={name}
        required
        maxLength={100}
        // biome-ignore lint/a11y/noAutofocus: the form opens on request, and its one field is what comes next.
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className={clsx(linkClass, styles.menuButton)} disabled={busy || !name.trim()}>
        Create
      </button>
      <ProblemMessage error={error} />
    </form>
  );
}

/**
 * The account menu's workspaces: each with the user's role there, the current one marked; a click
 * works in another (every page reads its data again); "Create workspace" and the settings link.
 */
export default function WorkspaceSwitcher({
  mobile = false,
  onDone,
}: {
  mobile?: boolean;
  onDone: () => void;
}) {
  const { current, workspaces, switchTo } = useWorkspace();
  const [creating, setCreating] = useState(false);
  const headingId = useId();
  const linkClass = mobile ? 'menu__link' : 'dropdown__link';

  return (
    <>
      <li className={styles.workspaces}>
        <span id={headingId} className={styles.sectionTitle}>
          Workspaces
        </span>
        <ul aria-labelledby={headingId} className={styles.workspaceList}>
          {workspaces.map((workspace) => {
            const isCurrent = workspace.id === current?.id;
            return (
              <li key={workspace.id}>
                <button
                  type="button"
                  className={clsx(linkClass, styles.menuButton, styles.workspaceButton)}
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => {
                    onDone();
                    if (!isCurrent) switchTo(workspace.id);
                  }}
                >
                  <span className={styles.check} aria-hidden="true">
                    {isCurrent ? '✓' : ''}
                  </span>
                  <span className={styles.workspaceName}>{workspace.name}</span>
                  <span className={styles.role}>
                    {workspace.personal ? `Personal · ${roleName(workspace.role)}` : roleName(workspace.role)}
                  </span>
                  {isCurrent && <span className="sr-only">(current)</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </li>
      <li>
        <button
          type="button"
          className={clsx(linkClass, styles.menuButton)}
          aria-expanded={creating}
          onClick={() => setCreating((open) => !open)}
        >
          Create workspace
        </button>
        {creating && (
          <CreateWorkspaceForm
            linkClass={linkClass}
            onCreated={() => {
              setCreating(false);
              onDone();
            }}
          />
        )}
      </li>
      <li className={styles.settingsItem}>
        <Link className={linkClass} to="/workspace" onClick={onDone}>
          Workspace settings
        </Link>
      </li>
    </>
  );
}
