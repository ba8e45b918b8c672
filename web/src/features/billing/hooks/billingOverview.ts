import type { BillingOverview } from '@site/src/features/billing/api/types';
import { rq } from '@site/src/lib/api';
import { useSignedInUser } from '@site/src/lib/auth';
import { apiKeyOf, useApiKey } from '@site/src/lib/serverData';
import { useWorkspaceKey } from '@site/src/lib/workspace';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';

/**
 * The signed-in account's `GET /subscriptions`, shared through the query cache by the over-limit
 * banner (on every page) and the /subscriptions page: one request per page load and user, asked
 * again when a page changes the plans (subscribe, cancel) or when it is older than a minute on a
 * later navigation.
 */
const STALE_AFTER_MS = 60_000;
const OVERVIEW = '/subscriptions';

/** After the plans changed here (subscribed, cancelled): every user of the overview reloads. */
export function useBillingChanged(): () => void {
  const client = useQueryClient();
  const workspace = useWorkspaceKey();
  return useCallback(
    () => void client.invalidateQueries({ queryKey: apiKeyOf(workspace, OVERVIEW) }),
    [client, workspace],
  );
}

export interface BillingOverviewState {
  overview?: BillingOverview | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * The overview for the signed-in user (undefined while signed out or loading). A new `refreshKey`
 * (the banner passes the page's path) reads it again if it is older than a minute.
 */
export function useBillingOverview(refreshKey?: string): BillingOverviewState {
  const uid = useSignedInUser()?.uid;
  const query = useQuery({
    queryKey: [...useApiKey(OVERVIEW), uid],
    queryFn: () => rq.subscriptions.get(),
    enabled: uid !== undefined,
    staleTime: STALE_AFTER_MS,
  });
  const { isStale, refetch } = query;
  const reload = useBillingChanged();

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger.
  useEffect(() => {
    if (uid !== undefined && isStale) void refetch();
  }, [refreshKey]);

  if (uid === undefined) return { error: null, loading: false, reload };
  return {
    overview: query.data,
    error: query.isFetching ? null : query.error,
    loading: query.isFetching,
    reload,
  };
}
