import Link from '@docusaurus/Link';
import ListSection from '@site/src/components/ListSection';
import { useHostnameList } from '@site/src/features/hostnames/api/hostnames';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import { useId, useState } from 'react';
import AddHostnameForm from './AddHostnameForm';
import HostnameCard from './HostnameCard';
import styles from './Hostnames.module.css';

function EmptyState() {
  return (
    <div className={styles.empty} data-testid="hostnames-empty">
      <p>
        <strong>No hostnames yet.</strong> A custom hostname is a name of your own domain, such as{' '}
        <code>qr.example.com</code>, that your codes encode instead of ours: a scan opens{' '}
        <code>https://qr.example.com/spring-menu</code> and sees your brand. You prove the domain is yours
        with a DNS TXT record and point the name at our redirect edge with a CNAME; certificates are issued
        for it automatically.
      </p>
      <p>
        Add one above, or read <Link to="/docs/hostnames/redirection-hostnames">Redirection hostnames</Link>{' '}
        first.
      </p>
    </div>
  );
}

/**
 * EDGE_HOSTNAME is unset and the server's own host cannot take a CNAME (localhost, an address):
 * records pointing there would never work, so the server says what its operator must set.
 */
function NotSetUp() {
  return (
    <div className="rq-notice" data-testid="hostnames-not-set-up">
      <p>
        <strong>This server is not set up for custom hostnames.</strong> Names you add here would have to
        point at this server, and it has no public DNS name for them to point at.
      </p>
      <p>
        Its operator must set <code>EDGE_HOSTNAME</code> to a DNS name that reaches this server (for example{' '}
        <code>edge.qr.example.com</code>), or <code>PUBLIC_URL</code> to an address on a public DNS name, and
        run a TLS proxy that asks it for certificates: see{' '}
        <Link to="/docs/hostnames/redirection-hostnames#self-hosting">
          Redirection hostnames: self-hosting
        </Link>
        .
      </p>
    </div>
  );
}

/** The signed-in account's hostnames: add one, then per name its records, checks, redirects and delete. */
export default function HostnamesManager({
  manageRefusal = null,
}: {
  /** Why the workspace role may not add or change hostnames (viewers, editors); null when it may. */
  manageRefusal?: string | null;
} = {}) {
  const list = useHostnameList();
  const refusalId = useId();
  const [announcement, setAnnouncement] = useState('');
  const config = useRuntimeConfig();

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="add-hostname-heading">
        <h2 id="add-hostname-heading">Add a hostname</h2>
        {manageRefusal ? (
          <p id={refusalId} className={styles.hint} data-testid="hostnames-refusal">
            {manageRefusal}
          </p>
        ) : config && config.hostnames.edgeHostname === null ? (
          <NotSetUp />
        ) : (
          <AddHostnameForm
            onAdded={(added) => {
              list.prepend(added);
              setAnnouncement(`${added.hostname} added: publish its two DNS records, then check it.`);
            }}
          />
        )}
      </section>

      <ListSection
        id="hostnames-heading"
        heading="Your hostnames"
        list={list}
        announcement={announcement}
        loading="Loading your hostnames…"
        empty={<EmptyState />}
        hintClass={styles.hint}
      >
        <div className={styles.list}>
          {list.items.map((hostname) => (
            // A role that may not change hostnames sees each one with every control disabled.
            <fieldset
              key={hostname.id}
              className={styles.readOnly}
              disabled={manageRefusal !== null}
              aria-describedby={manageRefusal ? refusalId : undefined}
            >
              <HostnameCard
                hostname={hostname}
                onChanged={list.replace}
                onDeleted={(id) => {
                  list.remove(id);
                  setAnnouncement(`${hostname.hostname} deleted.`);
                }}
              />
            </fieldset>
          ))}
        </div>
      </ListSection>
    </div>
  );
}
