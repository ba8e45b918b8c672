import Link from '@docusaurus/Link';
import LoadFailure from '@site/src/components/LoadFailure';
import { hostnamesWords } from '@site/src/components/Operator';
import type { BillingOverview } from '@site/src/features/billing/api/types';
import { countResetsOn, dayOf } from '@site/src/features/billing/api/types';
import { useBillingOverview } from '@site/src/features/billing/hooks/billingOverview';
import { usePlans } from '@site/src/features/billing/hooks/usePlans';
import { counted } from '@site/src/lib/counted';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import styles from './Billing.module.css';
import SubscriptionCard from './SubscriptionCard';
import UsageBar from './UsageBar';

function OverLimitNotice({ overview }: { overview: BillingOverview }) {
  return (
    <div className="rq-error" role="status" data-testid="over-limit-state">
      <strong>Over this month&apos;s redirect limit.</strong> Your codes keep redirecting, to their default
      target; rules and exec calls are skipped and scans are still counted until the count starts again on{' '}
      {countResetsOn(overview.usage.periodEnd)} (UTC).{' '}
      <Link to="/increase-redirects-limit">Raise the limit</Link> to use them again now.
    </div>
  );
}

/** No subscription: the free plan, or the plan this server gives every account (DEFAULT_PLAN). */
function BasePlan({
  overview,
  nameOf,
  limited,
}: {
  overview: BillingOverview;
  nameOf: (id: string) => string;
  /** Whether plans set limits on this server (sold, or DEFAULT_PLAN); false: none but HOSTNAMES_LIMIT. */
  limited: boolean;
}) {
  const { limits } = overview;
  const parts = [
    limits.redirectsPerMonth === null
      ? 'redirects without a limit'
      : `${counted(limits.redirectsPerMonth, 'redirect')} a month`,
    limits.hostnames === null
      ? 'custom hostnames without a limit'
      : limits.hostnames === 0
        ? 'no custom hostnames'
        : hostnamesWords(limits.hostnames),
  ];
  const given = (overview.plans ?? []).filter((plan) => plan !== 'free');
  if (limits.redirectsPerMonth === null && limits.hostnames === null) {
    return (
      <p data-testid="base-plan">This server sets no limits: redirects and custom hostnames are unlimited.</p>
    );
  }
  if (!limited) {
    // No plans on this server, only the operator's hostnames limit (HOSTNAMES_LIMIT).
    return (
      <p data-testid="base-plan">This server sets no limit on redirects; each account may add {parts[1]}.</p>
    );
  }
  return (
    <p data-testid="base-plan">
      {given.length > 0
        ? `This server gives every account ${given.map(nameOf).join(' and ')}: `
        : 'You are on the free plan: '}
      {parts.join(' and ')}.
    </p>
  );
}

/** The signed-in account's plans, this month's usage against its limits, and cancelling. */
export default function SubscriptionsManager({
  billingRefusal = null,
}: {
  /** Why the workspace role may not buy or cancel plans (anyone but the owner); null when it may. */
  billingRefusal?: string | null;
} = {}) {
  const { overview, error, loading, reload } = useBillingOverview();
  const { plans } = usePlans();
  const billing = useRuntimeConfig()?.billing;
  const nameOf = (planId: string) => plans?.find((plan) => plan.id === planId)?.name ?? planId;

  if (!overview) {
    if (error !== null && !loading) {
      return <LoadFailure error={error} onRetry={reload} />;
    }
    return <p className={styles.hint}>Loading your plans…</p>;
  }

  const { usage, limits, subscriptions } = overview;
  return (
    <div className={styles.layout}>
      {overview.overLimit && <OverLimitNotice overview={overview} />}

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading">Your plans</h2>
        {subscriptions.length === 0 && (
          <BasePlan overview={overview} nameOf={nameOf} limited={billing?.limited ?? true} />
        )}
        <div className={styles.list}>
          {subscriptions.map((subscription) => (
            <SubscriptionCard
              key={subscription.id}
              subscription={subscription}
              planName={nameOf(subscription.plan)}
              onCancelled={reload}
              cancelRefusal={billingRefusal}
            />
          ))}
        </div>
        {billing?.sells ? (
          <p className={styles.pricingLinks}>
            <Link className="button button--primary button--sm" to="/increase-redirects-limit">
              More redirects
            </Link>
            <Link className="button button--secondary button--sm" to="/increase-limit">
              Custom hostnames
            </Link>
          </p>
        ) : (
          billing && (
            <p className={styles.hint} data-testid="no-sales">
              This server sells no plans: ask its operator (see <Link to="/contact-us">contact us</Link>) for
              more.
            </p>
          )
        )}
      </section>

      <section aria-labelledby="usage-heading">
        <h2 id="usage-heading">Usage</h2>
        <UsageBar
          label="Redirects this month"
          used={usage.redirectsThisMonth}
          limit={limits.redirectsPerMonth}
          unit="redirect"
          testId="usage-redirects"
        >
          <p className={styles.hint}>
            Counted over the calendar month in UTC, {dayOf(usage.periodStart)} to the start of{' '}
            {countResetsOn(usage.periodEnd)}: scans your codes answered, bots not included.
          </p>
        </UsageBar>
        <UsageBar
          label="Custom hostnames"
          used={usage.hostnames}
          limit={limits.hostnames}
          unit="custom hostname"
          testId="usage-hostnames"
        >
          <p className={styles.hint}>
            Names you have added on <Link to="/hosts">Hostnames</Link>, verified or not.
          </p>
        </UsageBar>
      </section>
    </div>
  );
}
