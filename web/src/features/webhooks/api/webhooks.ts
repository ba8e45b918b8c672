import { dueSoon } from '@site/src/features/webhooks/model/deliveries';
import { rq } from '@site/src/lib/api';
import { apiKeyOf, useApiKey, useGrowingList } from '@site/src/lib/serverData';
import { useWorkspaceKey } from '@site/src/lib/workspace';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { DeliveryQuery, DeliveryStatus, Webhook, WebhookEventType, WebhookInput } from './types';

const one = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const webhooksApi = {
  create: (input: WebhookInput) => rq.webhooks.create({ body: input }),
  update: (id: string, patch: Partial<WebhookInput> & { enabled?: boolean }) =>
    rq.webhooks.update({ params: { path: { id } }, body: patch }),
  remove: (id: string) => rq.webhooks.delete({ params: { path: { id } } }),
  rotateSecret: (id: string) => rq.webhooks.rotateSecret({ params: { path: { id } } }),
  sendTest: (id: string) => rq.webhooks.test({ params: { path: { id } } }),
  deliveries: (id: string, query: DeliveryQuery) =>
    rq.webhooks.listDeliveries({ params: { path: { id }, query } }),
  delivery: (id: string, deliveryId: string) =>
    rq.webhooks.getDelivery({ params: { path: { id, deliveryId } } }),
  retry: (id: string, deliveryId: string) =>
    rq.webhooks.retryDelivery({ params: { path: { id, deliveryId } } }),
};

/** The workspace's endpoints, 50 a page ("Load more"). */
export function useWebhookList() {
  return useGrowingList<Webhook>('/webhooks', (page) => rq.webhooks.list({ params: { query: page } }));
}

/** The endpoints the banner reads: the first 100 are plenty to find one the server turned off. */
const DISABLED_SOURCE = '/webhooks?limit=100';
/** The banner reads again on a later navigation when its answer is older than this. */
const STALE_AFTER_MS = 60_000;

/** After endpoints changed here (enabled, deleted): the banner reads them again. */
export function useWebhooksChanged(): () => void {
  const client = useQueryClient();
  const workspace = useWorkspaceKey();
  return useCallback(
    () => void client.invalidateQueries({ queryKey: apiKeyOf(workspace, DISABLED_SOURCE) }),
    [client, workspace],
  );
}

/**
 * The endpoints the server turned off by itself (disabledReason), for the banner; read only when
 * `enabled` (the signed-in role may manage webhooks). A new `refreshKey` (the page's path) reads
 * them again when older than a minute.
 */
export function useAutoDisabledWebhooks(enabled: boolean, refreshKey: string): Webhook[] {
  const query = useQuery({
    queryKey: useApiKey(DISABLED_SOURCE),
    queryFn: () => rq.webhooks.list({ params: { query: { limit: 100 } } }),
    enabled,
    staleTime: STALE_AFTER_MS,
  });
  const { isStale, refetch } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger.
  useEffect(() => {
    if (enabled && isStale) void refetch();
  }, [refreshKey]);
  if (!enabled || !query.data) return [];
  return query.data.data.filter((webhook) => !webhook.enabled && webhook.disabledReason);
}

export interface DeliveryFilters {
  status: DeliveryStatus | '';
  eventType: WebhookEventType | '';
}

const DELIVERIES_PAGE = 20;
/** How often a log with a delivery due soon is read again. */
const WATCH_EVERY_MS = 3_000;
/** Whether a cache key is one of this endpoint's delivery log pages or deliveries. */
function isDeliveryKey(key: readonly unknown[], workspace: string, webhookId: string): boolean {
  return (
    key[1] === workspace && typeof key[2] === 'string' && key[2].startsWith(`${one(webhookId)}/deliveries`)
  );
}

/** Reads an endpoint's delivery log and its opened deliveries again (after a test event or a retry). */
export function useRefreshDeliveries(webhookId: string): () => void {
  const client = useQueryClient();
  const workspace = useWorkspaceKey();
  return useCallback(
    () =>
      void client.invalidateQueries({
        predicate: (cached) => isDeliveryKey(cached.queryKey, workspace, webhookId),
      }),
    [client, workspace, webhookId],
  );
}

/**
 * An endpoint's delivery log, newest first, filtered, a page at a time ("Load more"). While a
 * delivery in view is due within half a minute it is read again every few seconds, so a test event
 * or a retry is seen arriving; a delivery hours away is not polled for.
 */
export function useDeliveries(webhookId: string, filters: DeliveryFilters) {
  const filter: DeliveryQuery = {
    limit: DELIVERIES_PAGE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.eventType ? { eventType: filters.eventType } : {}),
  };
  const query = new URLSearchParams(
    Object.entries(filter).map(([name, value]) => [name, String(value)]),
  ).toString();
  const workspace = useWorkspaceKey();
  const refresh = useRefreshDeliveries(webhookId);
  const pages = useInfiniteQuery({
    queryKey: apiKeyOf(workspace, `${one(webhookId)}/deliveries?${query}#pages`),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      webhooksApi.deliveries(webhookId, pageParam ? { ...filter, cursor: pageParam } : filter),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (current) =>
      dueSoon(current.state.data?.pages.flatMap((page) => page.data) ?? [], Date.now())
        ? WATCH_EVERY_MS
        : false,
  });
  return {
    deliveries: pages.data?.pages.flatMap((page) => page.data) ?? [],
    loading: pages.isFetching,
    /** The first page is on its way (not a refresh of what is shown). */
    loadingFirst: pages.isPending,
    error: pages.isFetching ? null : pages.error,
    hasMore: pages.hasNextPage,
    loadMore: () => void pages.fetchNextPage(),
    refresh,
  };
}

/** One delivery with its attempts, read when its row is opened. */
export function useDeliveryDetail(webhookId: string, deliveryId: string) {
  return useQuery({
    queryKey: useApiKey(`${one(webhookId)}/deliveries/${deliveryId}`),
    queryFn: () => webhooksApi.delivery(webhookId, deliveryId),
  });
}
