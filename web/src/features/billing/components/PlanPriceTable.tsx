import { formatPrice, type Plan } from '@site/src/features/billing/api/types';
import { counted } from '@site/src/lib/counted';

/** "10 custom hostnames" or "10,000 redirects a month": what the plan grants of this kind. */
export function describeLimit(plan: Plan, kind: 'hostnames' | 'redirects'): string {
  if (kind === 'hostnames') {
    if (plan.hostnames === 0) return 'No custom hostnames';
    return counted(plan.hostnames, 'custom hostname');
  }
  return `${counted(plan.redirectsPerMonth, 'redirect')} a month`;
}

/** The free plan and the plans of one kind, with their limits and prices. */
export default function PlanPriceTable({
  caption,
  kind,
  plans,
  free,
  prices,
}: {
  caption: string;
  kind: 'hostnames' | 'redirects';
  plans: Plan[];
  free: Plan | undefined;
  /** False on a server that sells nothing: its operator grants plans, so they have no price. */
  prices: boolean;
}) {
  return (
    <table data-testid="plan-prices">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Limit</th>
          {prices && <th scope="col">Price</th>}
        </tr>
      </thead>
      <tbody>
        {free && (
          <tr>
            <th scope="row">{free.name}</th>
            <td>{describeLimit(free, kind)}</td>
            {prices && <td>Free, with every account</td>}
          </tr>
        )}
        {plans.map((plan) => (
          <tr key={plan.id}>
            <th scope="row">{plan.name}</th>
            <td>{describeLimit(plan, kind)}</td>
            {prices && <td>{formatPrice(plan)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
