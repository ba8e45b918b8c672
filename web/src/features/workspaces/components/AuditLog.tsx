import Link from '@docusaurus/Link';
import formStyles from '@site/src/components/Form.module.css';
import LoadMore from '@site/src/components/LoadMore';
import ProblemMessage from '@site/src/components/ProblemMessage';
import TableHead from '@site/src/components/TableHead';
import type { Member } from '@site/src/features/workspaces/api/workspaces';
import { useActorNames } from '@site/src/features/workspaces/hooks/useActorNames';
import { type AuditFilters, NO_FILTERS, useAuditLog } from '@site/src/features/workspaces/hooks/useAuditLog';
import { EVENT_TYPES, resourcePath } from '@site/src/features/workspaces/model/events';
import { type FormEvent, useId, useState } from 'react';
import styles from './Workspace.module.css';

/** The workspace's audit log: every change with its time, actor and resource, filtered and paged. */
export default function AuditLog({ members }: { members: Member[] }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(filters);
  const nameOf = useActorNames(log.events);
  const ids = { type: useId(), actor: useId(), resource: useId(), types: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <p className={styles.hint}>Every change in this workspace, newest first; kept 400 days.</p>
      <form className={styles.filters} aria-label="Filter the audit log" onSubmit={submit}>
        <div className={formStyles.field}>
          <label htmlFor={ids.type}>Type</label>
          <input
            id={ids.type}
            list={ids.types}
            placeholder="qrcode.updated"
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value })}
          />
          <datalist id={ids.types}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.actor}>Member</label>
          <select
            id={ids.actor}
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          >
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.uid} value={member.uid}>
                {member.email || member.displayName || member.uid}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.resource}>Resource id</label>
          <input
            id={ids.resource}
            placeholder="qr_…"
            value={draft.resource}
            onChange={(event) => setDraft({ ...draft, resource: event.target.value })}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Filter
        </button>
      </form>
      <ProblemMessage error={log.error} />
      {log.events.length === 0 && !log.loading && log.error === null && <p>No events match.</p>}
      {log.events.length > 0 && (
        <table className={styles.table} aria-busy={log.loading}>
          <TableHead columns={['Time', 'Actor', 'Type', 'Resource']} />
          <tbody>
            {log.events.map((event) => {
              const path = resourcePath(event.resource);
              return (
                <tr key={event.id} data-testid="event">
                  <td>
                    <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time>
                  </td>
                  <td>{nameOf(event.actor)}</td>
                  <td>
                    <code>{event.type}</code>
                  </td>
                  <td>
                    {path ? (
                      <Link to={path}>
                        {event.resource.type} {event.resource.id}
                      </Link>
                    ) : (
                      `${event.resource.type} ${event.resource.id}`
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {log.loading && <p aria-busy="true">Loading events…</p>}
      <LoadMore list={log} />
    </section>
  );
}
