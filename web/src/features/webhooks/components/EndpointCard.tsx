import ConfirmedAction from '@site/src/components/ConfirmedAction';
import ProblemMessage from '@site/src/components/ProblemMessage';
import type { Webhook, WebhookWithSecret } from '@site/src/features/webhooks/api/types';
import { useRefreshDeliveries, webhooksApi } from '@site/src/features/webhooks/api/webhooks';
import { useAction } from '@site/src/lib/useAction';
import { useId, useState } from 'react';
import DeliveryLog from './DeliveryLog';
import EndpointForm from './EndpointForm';
import SecretReveal from './SecretReveal';
import styles from './Webhooks.module.css';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function StatusBadge({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return <span className="badge badge--success">Enabled</span>;
  return (
    <span className={`badge ${webhook.disabledReason ? 'badge--danger' : 'badge--secondary'}`}>
      {webhook.disabledReason ? 'Disabled automatically' : 'Disabled'}
    </span>
  );
}

/** A button that calls the API once, says it is busy meanwhile, and shows a refusal under itself. */
function ActionButton({
  text,
  busyText,
  action,
  className = 'button button--secondary button--sm',
  unavailable,
}: {
  text: string;
  busyText: string;
  action: () => Promise<void>;
  className?: string;
  /** Why the button is off now (shown under it); undefined while it may be used. */
  unavailable?: string | undefined;
}) {
  const reasonId = useId();
  const { busy, error, run } = useAction();
  return (
    <div>
      <button
        type="button"
        className={className}
        disabled={busy || unavailable !== undefined}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={() => void run(action)}
      >
        {busy ? busyText : text}
      </button>
      {unavailable && (
        <p id={reasonId} className={styles.hint}>
          {unavailable}
        </p>
      )}
      <ProblemMessage error={error} />
    </div>
  );
}

/**
 * One endpoint: its URL, events and state (with the reason when the server turned it off), edit,
 * test, enable or disable, rotate its secret (shown once), delete, and its delivery log.
 */
export default function EndpointCard({
  webhook,
  onChanged,
  onDeleted,
}: {
  webhook: Webhook;
  onChanged: (webhook: Webhook) => void;
  onDeleted: (id: string) => void;
}) {
  const headingId = useId();
  const logId = useId();
  const [editing, setEditing] = useState(false);
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const [showLog, setShowLog] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const refreshDeliveries = useRefreshDeliveries(webhook.id);

  const setEnabled = async (enabled: boolean) => {
    onChanged(await webhooksApi.update(webhook.id, { enabled }));
    setAnnouncement(
      enabled ? 'Enabled: new events are delivered again.' : 'Disabled: no events are sent to it.',
    );
  };

  const sendTest = async () => {
    await webhooksApi.sendTest(webhook.id);
    setShowLog(true);
    refreshDeliveries();
    setAnnouncement('Test event sent: it shows in the delivery log below.');
  };

  return (
    <article
      id={webhook.id}
      className={`rq-card ${styles.card}`}
      aria-labelledby={headingId}
      data-testid="webhook"
    >
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.url}>
          {webhook.url}
        </h3>
        <StatusBadge webhook={webhook} />
      </header>
      {webhook.description && <p className={styles.description}>{webhook.description}</p>}

      {webhook.disabledReason && (
        <div className={styles.disabledReason} data-testid="webhook-disabled-reason">
          <strong>Turned off by the server:</strong> {webhook.disabledReason} Fix the receiver, enable the
          endpoint again, then send a test event to check it.
        </div>
      )}

      {editing ? (
        <EndpointForm
          label={`Edit ${webhook.url}`}
          initial={{ url: webhook.url, description: webhook.description, events: webhook.events }}
          submitText="Save"
          busyText="Saving…"
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            onChanged(await webhooksApi.update(webhook.id, input));
            setEditing(false);
            setAnnouncement('Saved.');
          }}
        />
      ) : (
        <dl className={styles.facts}>
          <dt>Events</dt>
          <dd>
            <ul className={styles.eventList}>
              {webhook.events.map((type) => (
                <li key={type}>
                  <code>{type}</code>
                </li>
              ))}
            </ul>
          </dd>
          <dt>Created</dt>
          <dd>{when(webhook.createdAt)}</dd>
          {webhook.previousSecretExpiresAt && Date.parse(webhook.previousSecretExpiresAt) > Date.now() && (
            <>
              <dt>Old secret</dt>
              <dd data-testid="webhook-overlap">
                Still signs beside the new one until {when(webhook.previousSecretExpiresAt)}
              </dd>
            </>
          )}
        </dl>
      )}

      {rotated && (
        <SecretReveal title="New signing secret" secret={rotated.secret} onDismiss={() => setRotated(null)}>
          <p>
            For the next 24 hours every delivery carries two signatures, one with the old secret and one with
            this one, so your receiver keeps working while you replace the secret it checks. After that only
            this one signs.
          </p>
        </SecretReveal>
      )}

      <p role="status" className={styles.hint}>
        {announcement}
      </p>

      {!editing && (
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <ActionButton
            text="Send test event"
            busyText="Sending…"
            action={sendTest}
            unavailable={webhook.enabled ? undefined : 'Enable the endpoint to send one.'}
          />
          {webhook.enabled ? (
            <ActionButton text="Disable" busyText="Disabling…" action={() => setEnabled(false)} />
          ) : (
            <ActionButton
              text="Enable"
              busyText="Enabling…"
              className="button button--primary button--sm"
              action={() => setEnabled(true)}
            />
          )}
          <ConfirmedAction
            buttonText="Rotate secret"
            label={`Rotate the secret of ${webhook.url}`}
            confirmText="Yes, rotate"
            action={async () => {
              const answer = await webhooksApi.rotateSecret(webhook.id);
              const { secret: _secret, ...listed } = answer;
              onChanged(listed);
              setRotated(answer);
            }}
          >
            Make a new signing secret? The old one keeps signing beside it for 24 hours, then stops: update
            your receiver within that time.
          </ConfirmedAction>
          <ConfirmedAction
            buttonText="Delete"
            label={`Delete ${webhook.url}`}
            confirmText="Yes, delete"
            action={async () => {
              await webhooksApi.remove(webhook.id);
              onDeleted(webhook.id);
            }}
          >
            Delete the endpoint {webhook.url}? No more events are sent to it, and its delivery log goes with
            it.
          </ConfirmedAction>
        </div>
      )}

      <div>
        <button
          type="button"
          className="button button--link"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Hide the delivery log' : 'Show the delivery log'}
        </button>
        <section id={logId} aria-label={`Deliveries to ${webhook.url}`} hidden={!showLog}>
          {showLog && <DeliveryLog webhook={webhook} />}
        </section>
      </div>
    </article>
  );
}
