import { useLocation } from '@docusaurus/router';
import ListSection from '@site/src/components/ListSection';
import type { WebhookInput, WebhookWithSecret } from '@site/src/features/webhooks/api/types';
import { useWebhookList, useWebhooksChanged, webhooksApi } from '@site/src/features/webhooks/api/webhooks';
import { useEffect, useState } from 'react';
import EndpointCard from './EndpointCard';
import EndpointForm from './EndpointForm';
import SecretReveal from './SecretReveal';
import styles from './Webhooks.module.css';

const NEW_ENDPOINT: WebhookInput = { url: '', description: '', events: ['qrcode.created', 'scan.created'] };

/** The endpoint the address names (`/webhooks#wh_…`, the banner's link): scrolled to and focused once listed. */
function useFocusNamedEndpoint(listed: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!listed || !hash) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!card) return;
    card.tabIndex = -1;
    card.focus();
    card.scrollIntoView({ block: 'start' });
  }, [listed, hash]);
}

/** The workspace's webhook endpoints: add one (its secret shown once), then per endpoint its controls and log. */
export default function WebhooksManager() {
  const list = useWebhookList();
  const changed = useWebhooksChanged();
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  useFocusNamedEndpoint(list.items.length > 0);

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="add-webhook-heading">
        <h2 id="add-webhook-heading">Add an endpoint</h2>
        <EndpointForm
          key={formKey}
          label="Add an endpoint"
          initial={NEW_ENDPOINT}
          submitText="Add endpoint"
          busyText="Adding…"
          onSubmit={async (input) => {
            const answer = await webhooksApi.create(input);
            const { secret: _secret, ...listed } = answer;
            list.prepend(listed);
            setCreated(answer);
            setFormKey((key) => key + 1);
            setAnnouncement(`${answer.url} added.`);
          }}
        />
      </section>

      {created && (
        <SecretReveal
          title={`Signing secret of ${created.url}`}
          secret={created.secret}
          onDismiss={() => setCreated(null)}
        >
          <p>
            Your receiver checks each delivery's <code>webhook-signature</code> header with it, for example
            with the <code>standardwebhooks</code> library:{' '}
            <code>new Webhook(secret).verify(body, headers)</code>.
          </p>
        </SecretReveal>
      )}

      <ListSection
        id="webhooks-heading"
        heading="Endpoints"
        list={list}
        announcement={announcement}
        loading="Loading your endpoints…"
        empty={<p className={styles.hint}>No endpoints yet. Add one above.</p>}
        hintClass={styles.hint}
      >
        <div className={styles.list}>
          {list.items.map((webhook) => (
            <EndpointCard
              key={webhook.id}
              webhook={webhook}
              onChanged={(updated) => {
                list.replace(updated);
                changed();
              }}
              onDeleted={(id) => {
                list.remove(id);
                changed();
                setCreated((shown) => (shown?.id === id ? null : shown));
                setAnnouncement(`${webhook.url} deleted.`);
              }}
            />
          ))}
        </div>
      </ListSection>
    </div>
  );
}
