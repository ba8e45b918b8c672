import { type Hostname, when } from '@site/src/features/hostnames/api/types';
import { useId } from 'react';
import CheckNow from './CheckNow';
import DeleteHostname from './DeleteHostname';
import DnsRecords from './DnsRecords';
import FailureDetails from './FailureDetails';
import styles from './Hostnames.module.css';
import { HostnameText } from './names';
import RedirectsForm from './RedirectsForm';
import StatusBadges from './StatusBadges';

function codesSentence(codes: number): string {
  if (codes === 0) return 'No codes yet';
  return codes === 1 ? '1 code' : `${codes} codes`;
}

/** When the server checks by itself next; a name it no longer checks waits for "Check now". */
function nextCheck(hostname: Hostname): string {
  if (hostname.nextCheckAt) return when(hostname.nextCheckAt);
  return 'None scheduled: use Check now';
}

/** One hostname: status, facts, the records to publish, the last failure, redirects, delete. */
export default function HostnameCard({
  hostname,
  onChanged,
  onDeleted,
}: {
  hostname: Hostname;
  onChanged: (hostname: Hostname) => void;
  onDeleted: (id: string) => void;
}) {
  const headingId = useId();
  const verified = hostname.status === 'verified';
  return (
    <article className={`rq-card ${styles.card}`} aria-labelledby={headingId} data-testid="hostname-card">
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.name}>
          <HostnameText hostname={hostname.hostname} />
        </h3>
        <StatusBadges hostname={hostname} />
      </header>

      <dl className={styles.facts}>
        {hostname.codes !== undefined && (
          <>
            <dt>Codes on it</dt>
            <dd data-testid="hostname-codes">{codesSentence(hostname.codes)}</dd>
          </>
        )}
        {hostname.verifiedAt && (
          <>
            <dt>Verified</dt>
            <dd>{when(hostname.verifiedAt)}</dd>
          </>
        )}
        <dt>Last checked</dt>
        <dd>{hostname.lastCheckedAt ? when(hostname.lastCheckedAt) : 'Not yet'}</dd>
        {hostname.nextCheckAt !== undefined && (
          <>
            <dt>Next automatic check</dt>
            <dd>{nextCheck(hostname)}</dd>
          </>
        )}
      </dl>

      {hostname.failure && <FailureDetails failure={hostname.failure} />}
      <CheckNow hostname={hostname} onChecked={onChanged} />

      <details className={styles.section} open={!verified}>
        <summary>DNS records to publish</summary>
        <p className={styles.hint}>
          Add both at your DNS provider, then use Check now. Keep the TXT record: the server re-checks
          verified names daily.
        </p>
        <DnsRecords hostname={hostname} />
      </details>

      <details className={styles.section}>
        <summary>Root and not-found redirects</summary>
        <RedirectsForm hostname={hostname} onSaved={onChanged} />
      </details>

      <div className={styles.danger}>
        <DeleteHostname hostname={hostname} onDeleted={onDeleted} />
      </div>
    </article>
  );
}
