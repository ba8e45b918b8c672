import Link from '@docusaurus/Link';
import PlanEndTerms from '@site/src/features/billing/components/PlanEndTerms';
import PricingPage from '@site/src/features/billing/components/PricingPage';

export default function IncreaseLimitPage() {
  return (
    <PricingPage
      kind="hostnames"
      title="Custom Hostnames pricing"
      caption="Hostname plans and prices"
      lead="Serve your codes from your own domains, such as qr.example.com, with certificates issued for you. The free plan includes no custom hostnames; the Custom Hostnames plan allows 10."
      docs={[
        { to: '/docs/hostnames/redirection-hostnames', label: 'Redirection hostnames' },
        { to: '/increase-redirects-limit', label: 'Dynamic Scan Redirects plans' },
      ]}
    >
      <section aria-labelledby="how-heading">
        <h2 id="how-heading">How it works</h2>
        <ul>
          <li>
            You pay monthly through PayPal, and the limit rises as soon as PayPal confirms the subscription.
            Then add your names on <Link to="/hosts">Hostnames</Link>.
          </li>
          <PlanEndTerms />
          <li>The Custom Hostnames plan combines with any Dynamic Scan Redirects plan.</li>
        </ul>
      </section>
    </PricingPage>
  );
}
