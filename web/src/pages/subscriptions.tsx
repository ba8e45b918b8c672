import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import SubscriptionsManager from '@site/src/features/billing/components/SubscriptionsManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';

export default function SubscriptionsPage() {
  const refusal = useRefusal('manageBilling');
  return (
    <AppPage
      title="Subscriptions"
      description="Your plans, their limits and this month's usage: redirects counted so far and custom hostnames in use, with renewal dates and cancelling."
      lead={
        <>
          Your plans and this month&apos;s usage. Plans are bought through PayPal on the{' '}
          <Link to="/increase-redirects-limit">redirect</Link> and <Link to="/increase-limit">hostname</Link>{' '}
          pricing pages and cancelled here.
        </>
      }
    >
      <SubscriptionsManager billingRefusal={refusal} />
    </AppPage>
  );
}
