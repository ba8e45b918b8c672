import Link from '@docusaurus/Link';
import { apiRequest } from '@site/src/lib/api';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import { useCallback, useEffect, useState } from 'react';
import ProblemMessage from '../apiKeys/ProblemMessage';
import AddHostnameForm from './AddHostnameForm';
import HostnameCard from './HostnameCard';
import styles from './Hostnames.module.css';
import type { Hostname, HostnamePage } from './types';

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
export default function HostnamesManager() {
  const [hostnames, setHostnames] = useState<Hostname[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [listError, setListError] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');
  const config = useRuntimeConfig();

  const load = useCallback(async (after: string | null) => {
    setLoading(true);
    setListError(null);
    try {
      const query = after ? `?limit=50&cursor=${encodeURIComponent(after)}` : '?limit=50';
      const page = await apiRequest<HostnamePage>('GET', `/hostnames${query}`);
      setHostnames((current) => (after ? [...current, ...page.data] : page.data));
      setCursor(page.nextCursor);
    } catch (error) {
      setListError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  const replace = (changed: Hostname) =>
    setHostnames((current) => current.map((host) => (host.id === changed.id ? changed : host)));

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="add-hostname-heading">
        <h2 id="add-hostname-heading">Add a hostname</h2>
        {config && config.hostnames.edgeHostname === null ? (
          <NotSetUp />
        ) : (
          <AddHostnameForm
            onAdded={(added) => {
              setHostnames((current) => [added, ...current.filter((host) => host.id !== added.id)]);
              setAnnouncement(`${added.hostname} added: publish its two DNS records, then check it.`);
            }}
          />
        )}
      </section>

      <section aria-labelledby="hostnames-heading">
        <h2 id="hostnames-heading">Your hostnames</h2>
        <p role="status" className={styles.hint}>
          {announcement}
        </p>
        {listError !== null && (
          <div>
            <ProblemMessage error={listError} />
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void load(null)}
            >
              Try loading again
            </button>
          </div>
        )}
        {listError === null && hostnames.length === 0 && loading && (
          <p className={styles.hint}>Loading your hostnames…</p>
        )}
        {listError === null && hostnames.length === 0 && !loading && <EmptyState />}
        <div className={styles.list}>
          {hostnames.map((hostname) => (
            <HostnameCard
              key={hostname.id}
              hostname={hostname}
              onChanged={replace}
              onDeleted={(id) => {
                setHostnames((current) => current.filter((host) => host.id !== id));
                setAnnouncement(`${hostname.hostname} deleted.`);
              }}
            />
          ))}
        </div>
        {cursor && !loading && (
          <button type="button" className="button button--secondary" onClick={() => void load(cursor)}>
            Load more
          </button>
        )}
      </section>
    </div>
  );
}
