import { usePlans } from '@site/src/features/billing/hooks/usePlans';
import { counted } from '@site/src/lib/counted';
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
        ? `Creating an account is free and includes ${counted(base.redirectsPerMonth, 'redirect')} a month.`
        : 'Creating an account is free.'}
    </span>
  );
}
