import cardTable from '@site/src/components/CardTable.module.css';
import ConfirmDialog from '@site/src/components/ConfirmDialog';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { useScrollsSideways } from '@site/src/components/ScrollableTable';
import TableHead from '@site/src/components/TableHead';
import type { ApiKey } from '@site/src/features/apiKeys/api/types';
import { rq } from '@site/src/lib/api';
import { useAction } from '@site/src/lib/useAction';
import { useRef, useState } from 'react';
import styles from './ApiKeys.module.css';

function when(iso: string | null, never = 'Never'): string {
  if (!iso) return never;
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: (id: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAction();

  const revoke = () =>
    run(async () => {
      await rq.apiKeys.delete({ params: { path: { id: apiKey.id } } });
      onRevoked(apiKey.id);
    });

  return (
    <tr data-testid="api-key-row">
      <td>
        <strong>{apiKey.name}</strong>
        <div>
          <code>{apiKey.prefix}…</code>
        </div>
      </td>
      <td data-label="Scopes">
        <ul className={styles.scopeList}>
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Created" className={styles.date}>
        {when(apiKey.createdAt)}
      </td>
      <td data-label="Last used" className={styles.date}>
        {when(apiKey.lastUsedAt)}
      </td>
      <td data-label="Expires" className={styles.date}>
        {when(apiKey.expiresAt)}
      </td>
      <td className={styles.actions}>
        {!confirming && (
          <button
            type="button"
            className="button button--outline button--danger button--sm"
            onClick={() => setConfirming(true)}
          >
            Revoke
          </button>
        )}
        {confirming && (
          <ConfirmDialog
            label={`Revoke ${apiKey.name}`}
            confirmText="Yes, revoke"
            busy={busy}
            onConfirm={() => void revoke()}
            onCancel={() => setConfirming(false)}
          >
            Revoke “{apiKey.name}”? Requests using it stop working at once.
          </ConfirmDialog>
        )}
        <ProblemMessage error={error} />
      </td>
    </tr>
  );
}

export default function KeyList({
  keys,
  loading,
  onRevoked,
}: {
  keys: ApiKey[];
  loading: boolean;
  onRevoked: (id: string) => void;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(wrap);
  if (keys.length === 0) {
    return (
      <p className={styles.empty}>{loading ? 'Loading your keys…' : 'No keys yet. Create one above.'}</p>
    );
  }
  return (
    // Focusable when a narrow window makes the table wider than its box, so a keyboard can scroll it.
    <div ref={wrap} className={styles.tableWrap} tabIndex={scrolls ? 0 : undefined}>
      <table className={`${styles.table} ${cardTable.cardTable}`}>
        <TableHead columns={['Name', 'Scopes', 'Created', 'Last used', 'Expires']} actions />
        <tbody>
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoked={onRevoked} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
