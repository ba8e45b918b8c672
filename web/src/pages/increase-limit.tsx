import Link from '@docusaurus/Link';
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
          <li>
            Cancel any time on <Link to="/subscriptions">Subscriptions</Link>: the plan stays until the end of
            the month you paid for, then your account is back on the free plan.
          </li>
          <li>
            If payments fail and PayPal suspends the subscription, the plan stays for a grace period of 7 days
            while you update your payment method at PayPal; Subscriptions shows the date it would end.
          </li>
          <li>The Custom Hostnames plan combines with any Dynamic Scan Redirects plan.</li>
        </ul>
      </section>
    </PricingPage>
  );
}
