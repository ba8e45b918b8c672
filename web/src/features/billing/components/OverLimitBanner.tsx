import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import { countResetsOn, formatCount } from '@site/src/features/billing/api/types';
import { useBillingOverview } from '@site/src/features/billing/hooks/billingOverview';
import { counted } from '@site/src/lib/counted';
import styles from './Billing.module.css';

/**
 * Shown on every page to a signed-in owner whose account is over this month's redirect limit
 * (`GET /subscriptions` → `overLimit`): codes still redirect, but to their default target.
 */
export default function OverLimitBanner() {
  const location = useLocation();
  const { overview } = useBillingOverview(location.pathname);
  if (!overview?.overLimit) return null;
  const { usage, limits } = overview;
  return (
    <aside className={styles.banner} aria-label="Redirect limit reached" data-testid="over-limit-banner">
      <p>
        <strong>Over this month&apos;s redirect limit.</strong>{' '}
        {limits.redirectsPerMonth !== null && (
          <>
            {formatCount(usage.redirectsThisMonth)} of {counted(limits.redirectsPerMonth, 'redirect')} used.{' '}
          </>
        )}
        Your codes keep working, but they go to their default target: rules and exec calls are skipped until
        the count starts again on {countResetsOn(usage.periodEnd)} (UTC) or you raise the limit.
      </p>
      <p className={styles.bannerLinks}>
        <Link to="/increase-redirects-limit">Raise the limit</Link>
        <Link to="/subscriptions">See usage</Link>
      </p>
    </aside>
  );
}
