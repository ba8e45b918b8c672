import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { formatPrice, type Plan, type Subscription } from '@site/src/features/billing/api/types';
import { useBillingChanged, useBillingOverview } from '@site/src/features/billing/hooks/billingOverview';
import {
  type PayPalSettings,
  paypalPlanIdOf,
  paypalSettings,
} from '@site/src/features/billing/hooks/usePlans';
import { useAuth } from '@site/src/lib/auth';
import { loginPathFor } from '@site/src/lib/nextPath';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import { useWorkspace } from '@site/src/lib/workspace';
import { useId, useState } from 'react';
import styles from './Billing.module.css';
import OperatorGrantNotice from './OperatorGrantNotice';
import PayPalCheckout from './PayPalCheckout';
import { describeLimit } from './PlanPriceTable';

/** Statuses in which a subscription still holds its plan and renews or may renew. */
const HOLDING = new Set<string>(['active', 'approved', 'suspended']);

/**
 * The workspace the plan is bought for (PayPal's `custom_id`): the one the user works in, which the
 * API checks the subscription against.
 */
function useWorkspaceId(): { workspaceId: string | undefined; error: unknown } {
  return { workspaceId: useWorkspace().current?.id, error: null };
}

/** Choose one of the plans on sale (a radio group); plans the account holds are shown, not offered. */
function PlanChooser({
  kind,
  plans,
  held,
  chosen,
  onChoose,
}: {
  kind: 'hostnames' | 'redirects';
  plans: Plan[];
  held: Set<string>;
  chosen: string | undefined;
  onChoose: (id: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.chooser}>
      <legend>Choose a plan</legend>
      {plans.map((plan) => (
        <label key={plan.id} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={plan.id}
            checked={chosen === plan.id}
            disabled={held.has(plan.id)}
            onChange={() => onChoose(plan.id)}
          />
          <span>
            <strong>{plan.name}</strong>
            <span className={styles.choiceDetail}>
              {describeLimit(plan, kind)}, {formatPrice(plan)}
              {held.has(plan.id) && ' (your plan)'}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function SignedInCheckout({
  kind,
  plans,
  paypal,
}: {
  kind: 'hostnames' | 'redirects';
  plans: Plan[];
  paypal: PayPalSettings;
}) {
  const { workspaceId, error: accountError } = useWorkspaceId();
  const { overview } = useBillingOverview();
  const billingChanged = useBillingChanged();
  const [subscribed, setSubscribed] = useState<{ plan: Plan; subscription: Subscription } | null>(null);
  const onSale = plans.filter((plan) => paypalPlanIdOf(plan, paypal) !== null);
  // Held: renewing subscriptions, and a plan the server gives every account (DEFAULT_PLAN). A
  // cancelled plan that runs to the end of its period may be bought again to keep it.
  const withSubscription = (overview?.subscriptions ?? []).map((subscription) => subscription.plan);
  const held = new Set([
    ...(overview?.subscriptions ?? [])
      .filter((subscription) => HOLDING.has(subscription.status))
      .map((subscription) => subscription.plan),
    ...(overview?.plans ?? []).filter((plan) => plan !== 'free' && !withSubscription.includes(plan)),
  ]);
  const offered = onSale.filter((plan) => !held.has(plan.id));
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const heldPlans = onSale.filter((plan) => held.has(plan.id));
  // Until the buyer chooses: the smallest plan that is larger than what they hold.
  const largestHeld = Math.max(0, ...heldPlans.map((plan) => plan.limit));
  const chosenPlan =
    offered.find((plan) => plan.id === chosen) ??
    offered.find((plan) => plan.limit > largestHeld) ??
    offered[0];

  return (
    <div className={styles.subscribe}>
      <div role="status" className={styles.outcome}>
        {subscribed && (
          <span data-testid="subscribed">
            {subscribed.subscription.status === 'active'
              ? `Subscribed to ${subscribed.plan.name}: the new limit applies now.`
              : `Subscribed to ${subscribed.plan.name}: PayPal is activating it, and the new limit applies as soon as it is active.`}{' '}
            <Link to="/subscriptions">See your plans and usage</Link>.
          </span>
        )}
      </div>
      {onSale.length > 1 && (
        <PlanChooser kind={kind} plans={onSale} held={held} chosen={chosenPlan?.id} onChoose={setChosen} />
      )}
      {heldPlans.length > 0 && offered.length > 0 && kind === 'redirects' && (
        <p className={styles.hint}>
          You hold {heldPlans.map((plan) => plan.name).join(' and ')}. A second redirects plan is a second
          subscription: the larger limit applies, and you can cancel the other on{' '}
          <Link to="/subscriptions">Subscriptions</Link>.
        </p>
      )}
      {offered.length === 0 && (
        <p data-testid="plan-held">
          You have {heldPlans.length === 1 ? 'this plan' : 'every plan on sale here'}.{' '}
          <Link to="/subscriptions">Manage your plans on Subscriptions</Link>.
        </p>
      )}
      <ProblemMessage error={accountError} />
      {chosenPlan && workspaceId && (
        <>
          <p className={styles.chosen}>
            <strong>{chosenPlan.name}</strong>: {describeLimit(chosenPlan, kind)} for{' '}
            {formatPrice(chosenPlan)}, billed monthly by PayPal until you cancel.
          </p>
          <PayPalCheckout
            clientId={paypal.clientId}
            sdkBaseUrl={paypal.sdkBaseUrl}
            paypalPlanId={paypalPlanIdOf(chosenPlan, paypal) ?? ''}
            workspaceId={workspaceId}
            onSubscribed={(subscription) => {
              setSubscribed({ plan: chosenPlan, subscription });
              billingChanged();
            }}
          />
        </>
      )}
    </div>
  );
}

/**
 * How to buy one of `plans`: PayPal's buttons for a signed-in buyer, a sign-in link (that comes
 * back here) for a visitor, and the operator's command when this deployment sells no plans.
 */
export default function Subscribe({ kind, plans }: { kind: 'hostnames' | 'redirects'; plans: Plan[] }) {
  const config = useRuntimeConfig();
  const auth = useAuth();
  const location = useLocation();
  if (!config) return <p className={styles.hint}>Loading…</p>;
  const paypal = paypalSettings(config);
  const onSale = paypal ? plans.filter((plan) => paypalPlanIdOf(plan, paypal) !== null) : [];
  if (!paypal || onSale.length === 0) return <OperatorGrantNotice plans={plans} />;
  if (auth.status === 'loading') return <p className={styles.hint}>Checking your sign-in…</p>;
  if (auth.status === 'signedOut') {
    return (
      <div className={styles.subscribe}>
        <p>Sign in or create an account to subscribe; you come back to this page afterwards.</p>
        <Link className="button button--primary" to={loginPathFor(location.pathname, location.search)}>
          Sign in to subscribe
        </Link>
      </div>
    );
  }
  return <SignedInCheckout kind={kind} plans={plans} paypal={paypal} />;
}
