import Link from '@docusaurus/Link';
import PlanEndTerms from '@site/src/features/billing/components/PlanEndTerms';
import PricingPage from '@site/src/features/billing/components/PricingPage';

export default function IncreaseRedirectsLimitPage() {
  return (
    <PricingPage
      kind="redirects"
      title="Dynamic Scan Redirects pricing"
      caption="Redirect plans and prices"
      lead="Every scan of a dynamic code is a redirect. Over your monthly limit codes keep working: they go to their default target, rules and exec calls are skipped, and scans are still counted."
      docs={[
        { to: '/docs/category/redirection-rules', label: 'Redirection rules' },
        { to: '/docs/analytics/redirection-analytics', label: 'Redirection analytics' },
        { to: '/increase-limit', label: 'Custom Hostnames plan' },
      ]}
    >
      <section aria-labelledby="counting-heading" data-testid="how-counted">
        <h2 id="counting-heading">How redirects are counted</h2>
        <ul>
          <li>
            <strong>The month is the calendar month in UTC.</strong> The count starts again at 00:00 UTC on
            the 1st of each month, whatever your time zone.
          </li>
          <li>
            <strong>Each answered scan counts once:</strong> a person scanning one of your dynamic codes, on
            our short link or your own hostname, is one redirect.
          </li>
          <li>
            <strong>Bot scans do not count.</strong> Crawlers, link previews and other bots are still recorded
            in your analytics, but they never use up your limit.
          </li>
          <li>
            <strong>Over the limit, nothing breaks:</strong> every code still redirects, to its default
            target; rules and exec calls are skipped until the month ends or you raise the limit, and you see
            a banner while signed in. Your usage so far is on <Link to="/subscriptions">Subscriptions</Link>.
          </li>
        </ul>
      </section>
      <section aria-labelledby="billing-heading">
        <h2 id="billing-heading">Billing</h2>
        <ul>
          <li>
            You pay monthly through PayPal, and the new limit applies as soon as PayPal confirms the
            subscription, in the middle of a month too.
          </li>
          <PlanEndTerms />
        </ul>
      </section>
    </PricingPage>
  );
}
