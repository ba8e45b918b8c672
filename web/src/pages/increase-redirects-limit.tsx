import NotBuiltYet from '@site/src/components/NotBuiltYet';
import PlanTable from '@site/src/components/PlanTable';

export default function IncreaseRedirectsLimitPage() {
  return (
    <NotBuiltYet
      title="Dynamic Scan Redirects pricing"
      lead="Every scan of a dynamic code is a redirect. Over your monthly limit codes keep working: they go to their default target, rules and exec calls are skipped, and scans are still counted."
      docs={[
        { to: '/docs/category/redirection-rules', label: 'Redirection rules' },
        { to: '/docs/analytics/redirection-analytics', label: 'Redirection analytics' },
      ]}
    >
      <h2>Plans</h2>
      <PlanTable
        caption="Redirect plans"
        rows={[
          { name: 'Free', limit: '1,000 redirects a month', note: 'Included with every account.' },
          { name: 'Basic', limit: '10,000 redirects a month', note: 'Monthly subscription through PayPal.' },
          { name: 'Pro', limit: '100,000 redirects a month', note: 'Monthly subscription through PayPal.' },
          {
            name: 'Ultra',
            limit: '1,000,000 redirects a month',
            note: 'Monthly subscription through PayPal.',
          },
          {
            name: 'Mega',
            limit: '10,000,000 redirects a month',
            note: 'Monthly subscription through PayPal.',
          },
        ]}
      />
      <p>Prices and checkout appear here when subscriptions open.</p>
    </NotBuiltYet>
  );
}
