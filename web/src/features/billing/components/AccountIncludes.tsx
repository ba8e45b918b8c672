import { formatCount } from '@site/src/features/billing/api/types';
import { usePlans } from '@site/src/features/billing/hooks/usePlans';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';

/**
 * What a new account gets on this server, in one sentence that agrees with the pricing pages and
 * Subscriptions: no limits on a server without plans, else the plan every account starts on.
 */
export default function AccountIncludes() {
  const billing = useRuntimeConfig()?.billing;
  const { plans } = usePlans();
  if (!billing) return <span data-testid="account-includes">Creating an account is free.</span>;
  if (!billing.limited) {
    return (
      <span data-testid="account-includes">
        Creating an account is free, and this server sets no limit on redirects.
      </span>
    );
  }
  const base = plans?.find((plan) => plan.id === billing.defaultPlan);
  return (
    <span data-testid="account-includes">
      {base
        ? `Creating an account is free and includes ${formatCount(base.redirectsPerMonth)} redirects a month.`
        : 'Creating an account is free.'}
    </span>
  );
}
