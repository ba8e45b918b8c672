import cardTable from '@site/src/components/CardTable.module.css';
import formStyles from '@site/src/components/Form.module.css';
import LoadMore from '@site/src/components/LoadMore';
import ProblemMessage from '@site/src/components/ProblemMessage';
import TableHead from '@site/src/components/TableHead';
import type { Delivery, DeliveryStatus, Webhook } from '@site/src/features/webhooks/api/types';
import { type DeliveryFilters, useDeliveries, webhooksApi } from '@site/src/features/webhooks/api/webhooks';
import { duration, retryLabel, STATUS_LABELS } from '@site/src/features/webhooks/model/deliveries';
import { type FormEvent, useId, useState } from 'react';
import DeliveryAttempts from './DeliveryAttempts';
import styles from './Webhooks.module.css';

const BADGES: Record<DeliveryStatus, string> = {
  pending: 'badge--warning',
  delivered: 'badge--success',
  failed: 'badge--danger',
};

const NO_FILTERS: DeliveryFilters = { status: '', eventType: '' };

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The status, what the receiver last answered and when the next try is due. */
function StatusCell({ delivery }: { delivery: Delivery }) {
  return (
    <>
      <span className={`badge ${BADGES[delivery.status]}`}>{STATUS_LABELS[delivery.status]}</span>
      {delivery.responseStatus !== null && (
        <span className={styles.answer}> HTTP {delivery.responseStatus}</span>
      )}
      {delivery.status === 'pending' && delivery.nextAttemptAt && (
        <div className={styles.hint}>Next try {when(delivery.nextAttemptAt)}</div>
      )}
    </>
  );
}

function DeliveryRow({
  webhookId,
  delivery,
  onRetried,
  retryOffReason,
}: {
  webhookId: string;
  delivery: Delivery;
  onRetried: () => void;
  /** The id of the sentence saying why retries are off (the endpoint is disabled); undefined while on. */
  retryOffReason: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const attemptsId = useId();

  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      await webhooksApi.retry(webhookId, delivery.id);
      onRetried();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <tr data-testid="delivery" data-status={delivery.status}>
        <td data-label="Time" className={styles.nowrap}>
          <time dateTime={delivery.at}>{when(delivery.at)}</time>
        </td>
        <td data-label="Event">
          <code>{delivery.eventType}</code>
          <div className={styles.hint}>{delivery.eventId}</div>
        </td>
        <td data-label="Status" data-testid="delivery-status">
          <StatusCell delivery={delivery} />
        </td>
        <td data-label="Attempts">{delivery.attempt}</td>
        <td data-label="Duration" className={styles.nowrap}>
          {duration(delivery.durationMs)}
        </td>
        <td>
          <div className={styles.rowActions}>
            <button
              type="button"
              className="button button--secondary button--sm"
              aria-expanded={open}
              aria-controls={attemptsId}
              onClick={() => setOpen((shown) => !shown)}
            >
              {open ? 'Hide attempts' : 'Attempts'}
              <span className="sr-only">
                {' '}
                of {delivery.eventType} at {when(delivery.at)}
              </span>
            </button>
            <button
              type="button"
              className="button button--outline button--primary button--sm"
              disabled={busy || retryOffReason !== undefined}
              aria-describedby={retryOffReason}
              onClick={() => void retry()}
            >
              {busy ? 'Sending…' : retryLabel(delivery.status)}
              <span className="sr-only">
                {' '}
                {delivery.eventType} at {when(delivery.at)}
              </span>
            </button>
          </div>
          <ProblemMessage error={error} />
        </td>
      </tr>
      <tr id={attemptsId} className={styles.attemptsRow} hidden={!open}>
        <td colSpan={6}>{open && <DeliveryAttempts webhookId={webhookId} deliveryId={delivery.id} />}</td>
      </tr>
    </>
  );
}

/** The filters: by status and by event type (the endpoint's types and the test event). */
function Filters({ webhook, onApply }: { webhook: Webhook; onApply: (filters: DeliveryFilters) => void }) {
  const [draft, setDraft] = useState<DeliveryFilters>(NO_FILTERS);
  const ids = { status: useId(), type: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className={styles.filters} aria-label={`Filter deliveries to ${webhook.url}`} onSubmit={submit}>
      <div className={formStyles.field}>
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={draft.status}
          onChange={(event) =>
            setDraft({ ...draft, status: event.target.value as DeliveryFilters['status'] })
          }
        >
          <option value="">Any</option>
          {(Object.keys(STATUS_LABELS) as DeliveryStatus[]).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={ids.type}>Event type</label>
        <select
          id={ids.type}
          value={draft.eventType}
          onChange={(event) =>
            setDraft({ ...draft, eventType: event.target.value as DeliveryFilters['eventType'] })
          }
        >
          <option value="">Any</option>
          {(['webhook.test', ...webhook.events] as const).map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        Filter
      </button>
    </form>
  );
}

/**
 * An endpoint's deliveries, newest first: status, attempts and duration; each opens to its attempts
 * (request and response) and can be retried. Deliveries due soon are watched until they settle.
 */
export default function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [filters, setFilters] = useState<DeliveryFilters>(NO_FILTERS);
  const log = useDeliveries(webhook.id, filters);
  const [announcement, setAnnouncement] = useState('');
  const filtered = filters.status !== '' || filters.eventType !== '';
  const retryOffId = useId();

  return (
    <div className={styles.log} data-testid="delivery-log">
      <Filters webhook={webhook} onApply={setFilters} />
      <p role="status" className={styles.hint}>
        {announcement}
      </p>
      <ProblemMessage error={log.error} />
      {!webhook.enabled && (
        <p id={retryOffId} className={styles.hint}>
          The endpoint is disabled: enable it to retry deliveries.
        </p>
      )}
      {log.error === null && log.deliveries.length === 0 && !log.loadingFirst && (
        <p className={styles.hint}>
          {filtered ? 'No deliveries match.' : 'No deliveries yet: send a test event to see one arrive.'}
        </p>
      )}
      {log.loadingFirst && <p aria-busy="true">Loading deliveries…</p>}
      {log.deliveries.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${cardTable.cardTable}`} aria-busy={log.loading}>
            <caption className="sr-only">Deliveries to {webhook.url}, newest first</caption>
            <TableHead columns={['Time', 'Event', 'Status', 'Attempts', 'Duration']} actions />
            <tbody>
              {log.deliveries.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  webhookId={webhook.id}
                  delivery={delivery}
                  retryOffReason={webhook.enabled ? undefined : retryOffId}
                  onRetried={() => {
                    setAnnouncement(`${delivery.eventType} queued again: its new attempt shows here.`);
                    log.refresh();
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.buttons}>
        <LoadMore list={log} small />
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={log.loading}
          onClick={log.refresh}
        >
          Refresh
        </button>
      </div>
    </div>
  );
}
