import NotBuiltYet from '@site/src/components/NotBuiltYet';

export default function SubscriptionsPage() {
  return (
    <NotBuiltYet
      title="Subscriptions"
      lead="Your plans, their limits and this month's usage: hostnames in use and redirects counted so far, with the date the period renews. Plans are bought and cancelled through PayPal."
      docs={[
        { to: '/increase-limit', label: 'Custom Hostnames plan' },
        { to: '/increase-redirects-limit', label: 'Dynamic Scan Redirects plans' },
      ]}
    />
  );
}
