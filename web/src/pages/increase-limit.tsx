import NotBuiltYet from '@site/src/components/NotBuiltYet';
import PlanTable from '@site/src/components/PlanTable';

export default function IncreaseLimitPage() {
  return (
    <NotBuiltYet
      title="Custom Hostnames pricing"
      lead="Serve your codes from your own domains. The free plan includes no custom hostnames; the Custom Hostnames plan raises the limit to 10."
      docs={[
        { to: '/docs/hostnames/redirection-hostnames', label: 'Redirection hostnames' },
        { to: '/increase-redirects-limit', label: 'Dynamic Scan Redirects plans' },
      ]}
    >
      <h2>Plans</h2>
      <PlanTable
        caption="Hostname plans"
        rows={[
          { name: 'Free', limit: '0 custom hostnames', note: 'Codes use the primary redirect host.' },
          {
            name: 'Custom Hostnames',
            limit: '10 custom hostnames',
            note: 'Monthly subscription through PayPal.',
          },
        ]}
      />
      <p>Prices and checkout appear here when subscriptions open.</p>
    </NotBuiltYet>
  );
}
