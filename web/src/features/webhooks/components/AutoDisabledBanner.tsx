import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import { useAutoDisabledWebhooks } from '@site/src/features/webhooks/api/webhooks';
import styles from './Webhooks.module.css';

/**
 * Shown on every page to the workspace's admins and owner while the server has turned an endpoint
 * off by itself (a 410, or five days of failed deliveries): events for it are no longer sent.
 * `visible` says whether the signed-in role may manage webhooks (no request otherwise).
 */
export default function AutoDisabledBanner({ visible }: { visible: boolean }) {
  const disabled = useAutoDisabledWebhooks(visible, useLocation().pathname);
  if (disabled.length === 0) return null;
  return (
    <aside className={styles.banner} aria-label="Webhook endpoints turned off" data-testid="webhooks-banner">
      {disabled.map((webhook) => (
        <p key={webhook.id}>
          <strong>Webhook endpoint turned off:</strong>{' '}
          <span className={styles.bannerUrl}>{webhook.url}</span>. {webhook.disabledReason} Its events are no
          longer sent.{' '}
          <Link to={`/webhooks#${encodeURIComponent(webhook.id)}`}>
            Review the endpoint<span className="sr-only"> {webhook.url}</span>
          </Link>
        </p>
      ))}
    </aside>
  );
}
