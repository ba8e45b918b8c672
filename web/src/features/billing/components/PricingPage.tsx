import Link from '@docusaurus/Link';
import LoadFailure from '@site/src/components/LoadFailure';
import { hostnamesWords } from '@site/src/components/Operator';
import type { Plan } from '@site/src/features/billing/api/types';
import { usePlans } from '@site/src/features/billing/hooks/usePlans';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import styles from './Billing.module.css';
import PlanPriceTable, { describeLimit } from './PlanPriceTable';
import Subscribe from './Subscribe';

/**
 * On a server that sells nothing, what it applies instead of prices: no limit at all, the
 * operator's hostnames limit, or the plan every account holds (DEFAULT_PLAN).
 */
function ServerLimits({ kind, plans }: { kind: 'hostnames' | 'redirects'; plans: Plan[] | undefined }) {
  const billing = useRuntimeConfig()?.billing;
  if (!billing) return null;
  let words: string;
  if (billing.limited) {
    const base = plans?.find((plan) => plan.id === billing.defaultPlan);
    words = base
      ? `Every account on this server holds the ${base.name} plan: ${describeLimit(base, kind).replace(/^No/, 'no')}. This server sells no plans; its operator grants others.`
      : 'This server sells no plans; its operator grants them.';
  } else if (kind === 'redirects') {
    words =
      'This server sets no limit on redirects: every account may use rules, exec URLs and analytics without a plan.';
  } else if (billing.hostnamesLimit === null) {
    words = 'This server sets no limit on custom hostnames: every account may add as many as it needs.';
  } else {
    words = `This server sells no plans. Each account may add ${hostnamesWords(billing.hostnamesLimit)}; its operator can grant a plan for more.`;
  }
  return (
    <p className="rq-lead" data-testid="server-limits">
      {words}
    </p>
  );
}

/**
 * A pricing page: what the plans of one kind grant and cost (`GET /plans`), how buying works, and
 * the PayPal buttons (or how to sign in, or how the operator grants plans).
 */
export default function PricingPage({
  kind,
  title,
  lead,
  caption,
  children,
  docs,
}: {
  kind: 'hostnames' | 'redirects';
  title: string;
  lead: ReactNode;
  caption: string;
  /** What the page says about the plans beyond the table (how usage is counted, ...). */
  children: ReactNode;
  docs: { to: string; label: string }[];
}) {
  const { plans, error, reload } = usePlans();
  const billing = useRuntimeConfig()?.billing;
  const sells = billing?.sells ?? false;
  const ofKind = plans?.filter((plan) => plan.kind === kind) ?? [];
  // The free plan's row only where every account starts on it.
  const free =
    billing?.limited && billing.defaultPlan === 'free'
      ? plans?.find((plan) => plan.kind === 'free')
      : undefined;
  return (
    <Layout title={title} description={typeof lead === 'string' ? lead : title}>
      <main className="rq-page">
        <h1>{title}</h1>
        {billing && (sells ? <p className="rq-lead">{lead}</p> : <ServerLimits kind={kind} plans={plans} />)}

        <section aria-labelledby="plans-heading">
          <h2 id="plans-heading">{billing && !sells ? 'Plans the operator can grant' : 'Plans'}</h2>
          <LoadFailure error={error} onRetry={reload} />
          {error === null && !plans && <p className={styles.hint}>Loading plans and prices…</p>}
          {plans && billing && (
            <PlanPriceTable caption={caption} kind={kind} plans={ofKind} free={free} prices={sells} />
          )}
        </section>

        {sells && children}

        <section aria-labelledby="subscribe-heading" className={`rq-card ${styles.subscribeCard}`}>
          <h2 id="subscribe-heading">{billing && !sells ? 'Getting a plan' : 'Subscribe'}</h2>
          {plans ? <Subscribe kind={kind} plans={ofKind} /> : <p className={styles.hint}>Loading…</p>}
        </section>

        <h2>Read more</h2>
        <ul>
          {docs.map((doc) => (
            <li key={doc.to}>
              <Link to={doc.to}>{doc.label}</Link>
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}
