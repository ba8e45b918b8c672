import Link from '@docusaurus/Link';

/** How a plan ends, the same for every plan: list items for a pricing page's billing terms. */
export default function PlanEndTerms() {
  return (
    <>
      <li>
        Cancel any time on <Link to="/subscriptions">Subscriptions</Link>: the plan stays until the end of the
        month you paid for, then your account is back on the free plan.
      </li>
      <li>
        If payments fail and PayPal suspends the subscription, the plan stays for a grace period of 7 days
        while you update your payment method at PayPal; Subscriptions shows the date it would end.
      </li>
    </>
  );
}
