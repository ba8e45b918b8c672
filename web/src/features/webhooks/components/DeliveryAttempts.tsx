import ProblemMessage from '@site/src/components/ProblemMessage';
import type { DeliveryAttempt } from '@site/src/features/webhooks/api/types';
import { useDeliveryDetail } from '@site/src/features/webhooks/api/webhooks';
import { duration, outcome, readableBody } from '@site/src/features/webhooks/model/deliveries';
import styles from './Webhooks.module.css';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <dl className={styles.headers}>
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Body({ body, truncated }: { body: string; truncated: boolean }) {
  if (!body) return <p className={styles.hint}>No body.</p>;
  return (
    <>
      <pre className={styles.body}>{readableBody(body)}</pre>
      {truncated && <p className={styles.hint}>Truncated: only the start of the body is kept.</p>}
    </>
  );
}

function Attempt({ attempt }: { attempt: DeliveryAttempt }) {
  return (
    <li className={styles.attempt} data-testid="delivery-attempt">
      <h5>
        Attempt {attempt.attempt}: {outcome(attempt)}, {duration(attempt.durationMs)},{' '}
        <time dateTime={attempt.at}>{when(attempt.at)}</time>
      </h5>
      <details>
        <summary>Request</summary>
        <Headers headers={attempt.request.headers} />
        <Body body={attempt.request.body} truncated={attempt.request.bodyTruncated} />
      </details>
      {attempt.response ? (
        <details>
          <summary>Response</summary>
          <Headers headers={attempt.response.headers} />
          <Body body={attempt.response.body} truncated={attempt.response.bodyTruncated} />
        </details>
      ) : (
        <p className={styles.hint}>No response was read.</p>
      )}
    </li>
  );
}

/** A delivery's attempts, newest last: what was sent and what came back (truncated by the server). */
export default function DeliveryAttempts({
  webhookId,
  deliveryId,
}: {
  webhookId: string;
  deliveryId: string;
}) {
  const detail = useDeliveryDetail(webhookId, deliveryId);
  if (detail.isPending) return <p aria-busy="true">Loading its attempts…</p>;
  if (detail.isError) return <ProblemMessage error={detail.error} />;
  const { attempts } = detail.data;
  if (attempts.length === 0) return <p className={styles.hint}>Not tried yet.</p>;
  return (
    <ol className={styles.attempts} aria-label="Attempts">
      {attempts.map((attempt) => (
        <Attempt key={`${attempt.attempt}-${attempt.at}`} attempt={attempt} />
      ))}
    </ol>
  );
}
