import { type Hostname, when } from '@site/src/features/hostnames/api/types';
import styles from './Hostnames.module.css';

const STATUS = {
  pending: { label: 'Pending', className: 'badge--warning' },
  verified: { label: 'Verified', className: 'badge--success' },
  failed: { label: 'Failed', className: 'badge--danger' },
} as const;

/** The hostname's status, and while a verified name's re-check fails, how long it keeps serving. */
export default function StatusBadges({ hostname }: { hostname: Hostname }) {
  const status = STATUS[hostname.status];
  return (
    <span className={styles.badges} data-testid="hostname-status">
      <span className={`badge ${status.className}`}>{status.label}</span>
      {hostname.graceEndsAt && (
        <span className="badge badge--warning">
          Re-check failing, grace until {when(hostname.graceEndsAt)}
        </span>
      )}
    </span>
  );
}
