import type { Plan } from '@site/src/features/billing/api/types';
import { rq } from '@site/src/lib/api';
import type { RuntimeConfig } from '@site/src/lib/runtimeConfig';
import { apiKeyOf } from '@site/src/lib/serverData';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

/** `GET /plans` (public): the plans, their limits and prices as this deployment sells them. */
export function usePlans(): { plans: Plan[] | undefined; error: unknown; reload: () => void } {
  const query = useQuery({
    // Public and the same in every workspace.
    queryKey: apiKeyOf('public', '/plans'),
    queryFn: () => rq.plans.list(),
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { plans: query.data, error: query.isFetching ? null : query.error, reload };
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
