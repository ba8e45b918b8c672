import CopyButton from '@site/src/components/CopyButton';
import type { DnsRecord, Hostname } from '@site/src/features/hostnames/api/types';
import styles from './Hostnames.module.css';

function RecordCard({ record, purpose }: { record: DnsRecord; purpose: string }) {
  return (
    <div className={styles.record} data-testid={`dns-record-${record.type}`}>
      <h4 className={styles.recordTitle}>
        <span className="badge badge--secondary">{record.type}</span> {purpose}
      </h4>
      <dl className={styles.recordFields}>
        <dt>Name</dt>
        <dd>
          <code>{record.name}</code>
          <CopyButton value={record.name} what={`${record.type} name`} />
        </dd>
        <dt>Value</dt>
        <dd>
          <code>{record.value}</code>
          <CopyButton value={record.value} what={`${record.type} value`} />
        </dd>
      </dl>
    </div>
  );
}

/** The records the customer publishes at their DNS provider: the TXT proof and the route to the edge. */
export default function DnsRecords({ hostname }: { hostname: Hostname }) {
  const apex = hostname.apexRouting ?? [];
  return (
    <div className={styles.records}>
      <RecordCard record={hostname.verification} purpose="proves the domain is yours" />
      <RecordCard record={hostname.routing} purpose="sends scans to the redirect edge" />
      {apex.length > 0 && (
        <details className={styles.apex}>
          <summary className={styles.apexSummary}>
            At the apex of your zone (no CNAME allowed there)? Use these instead of the CNAME
          </summary>
          {apex.map((record) => (
            <RecordCard
              key={`${record.type} ${record.value}`}
              record={record}
              purpose="points the name at the edge"
            />
          ))}
        </details>
      )}
    </div>
  );
}
