import type { Plan } from '@site/src/features/billing/api/types';
import { apiRequest } from '@site/src/lib/api';
import type { RuntimeConfig } from '@site/src/lib/runtimeConfig';
import { useCallback, useEffect, useState } from 'react';

/** `GET /plans` (public): the plans, their limits and prices as this deployment sells them. */
export function usePlans(): { plans: Plan[] | undefined; error: unknown; reload: () => void } {
  const [plans, setPlans] = useState<Plan[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    let live = true;
    setError(null);
    apiRequest<Plan[]>('GET', '/plans').then(
      (answer) => live && setPlans(answer),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { plans, error, reload };
}

/** The PayPal part of the site settings; `sdkBaseUrl` is where the JS SDK loads from. */
export interface PayPalSettings {
  clientId: string;
  sdkBaseUrl: string | undefined;
  planIds: Partial<Record<string, string | null>>;
}

/** PayPal's settings when this deployment sells through PayPal; null when it does not. */
export function paypalSettings(config: RuntimeConfig): PayPalSettings | null {
  const { paypal } = config;
  if (!paypal?.clientId) return null;
  return {
    clientId: paypal.clientId,
    sdkBaseUrl: paypal.sdkBaseUrl,
    planIds: paypal.plans ?? {},
  };
}

/** The PayPal plan a plan is sold as: the site settings' id, else the one `GET /plans` names. */
export function paypalPlanIdOf(plan: Plan, settings: PayPalSettings): string | null {
  return settings.planIds[plan.id] ?? plan.paypalPlanId ?? null;
}
