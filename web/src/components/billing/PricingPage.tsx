import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import ProblemMessage from '../apiKeys/ProblemMessage';
import styles from './Billing.module.css';
import PlanPriceTable from './PlanPriceTable';
import Subscribe from './Subscribe';
import { usePlans } from './usePlans';

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
  const ofKind = plans?.filter((plan) => plan.kind === kind) ?? [];
  const free = plans?.find((plan) => plan.kind === 'free');
  return (
    <Layout title={title} description={typeof lead === 'string' ? lead : title}>
      <main className="rq-page">
        <h1>{title}</h1>
        <p className="rq-lead">{lead}</p>

        <section aria-labelledby="plans-heading">
          <h2 id="plans-heading">Plans</h2>
          {error !== null && (
            <div>
              <ProblemMessage error={error} />
              <button type="button" className="button button--secondary button--sm" onClick={reload}>
                Try loading again
              </button>
            </div>
          )}
          {error === null && !plans && <p className={styles.hint}>Loading plans and prices…</p>}
          {plans && <PlanPriceTable caption={caption} kind={kind} plans={ofKind} free={free} />}
        </section>

        {children}

        <section aria-labelledby="subscribe-heading" className={`rq-card ${styles.subscribeCard}`}>
          <h2 id="subscribe-heading">Subscribe</h2>
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
