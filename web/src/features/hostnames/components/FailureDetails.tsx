import type { HostnameFailure } from '@site/src/features/hostnames/api/types';
import styles from './Hostnames.module.css';

/** What to do about each answer, after the server's own words on what DNS holds. */
const NEXT_STEP: Record<HostnameFailure['code'], string> = {
  txt_missing:
    'Publish the TXT record below. A new record can take minutes to hours to reach every resolver; check again later.',
  txt_mismatch:
    'Change the TXT record to the expected value (or add it beside the others), then check again.',
  routing_mismatch: 'Point the name at the redirect edge with the CNAME below, then check again.',
  nxdomain: 'The name does not exist yet: publish the records below at your DNS provider, then check again.',
  caa_forbids: 'Add a CAA record that allows our certificate authority, then check again.',
  resolver_timeout: 'DNS did not answer in time. This is often temporary: check again in a few minutes.',
};

/** The last check's failure exactly as the server reported it: its detail, what DNS holds, what it should. */
export default function FailureDetails({ failure }: { failure: HostnameFailure }) {
  return (
    <section className={styles.failure} aria-label="Why the last check failed" data-testid="hostname-failure">
      <p>
        <strong>Last check:</strong> {failure.detail}
      </p>
      {(failure.seen || failure.expected) && (
        <dl className={styles.failureFacts}>
          {failure.seen && (
            <>
              <dt>DNS holds</dt>
              <dd>
                {failure.seen.length === 0
                  ? 'nothing'
                  : failure.seen.map((value) => (
                      <code key={value} className={styles.seen}>
                        {value}
                      </code>
                    ))}
              </dd>
            </>
          )}
          {failure.expected && (
            <>
              <dt>Expected</dt>
              <dd>
                <code>{failure.expected}</code>
              </dd>
            </>
          )}
        </dl>
      )}
      <p className={styles.nextStep}>{NEXT_STEP[failure.code]}</p>
    </section>
  );
}
