import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import SubscriptionsManager from '@site/src/features/billing/components/SubscriptionsManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import Layout from '@theme/Layout';

function Subscriptions() {
  return <SubscriptionsManager billingRefusal={useRefusal('manageBilling')} />;
}

export default function SubscriptionsPage() {
  return (
    <Layout
      title="Subscriptions"
      description="Your plans, their limits and this month's usage: redirects counted so far and custom hostnames in use, with renewal dates and cancelling."
    >
      <main className="rq-page">
        <h1>Subscriptions</h1>
        <p className="rq-lead">
          Your plans and this month&apos;s usage. Plans are bought through PayPal on the{' '}
          <Link to="/increase-redirects-limit">redirect</Link> and <Link to="/increase-limit">hostname</Link>{' '}
          pricing pages and cancelled here.
        </p>
        <RequireAccount>
          <Subscriptions />
        </RequireAccount>
      </main>
    </Layout>
  );
}
