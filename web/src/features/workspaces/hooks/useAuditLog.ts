import type { Page } from '@site/src/api/types';
import {
  type AuditEvent,
  type EventQuery,
  workspacesApi,
} from '@site/src/features/workspaces/api/workspaces';
import { useApiKey } from '@site/src/lib/serverData';
import { useInfiniteQuery } from '@tanstack/react-query';

export interface AuditFilters {
  type: string;
  actor: string;
  resource: string;
}

export const NO_FILTERS: AuditFilters = { type: '', actor: '', resource: '' };

const PAGE_SIZE = 25;

/** `GET /events` with the filters, newest first, a page at a time ("Load more"). */
export function useAuditLog(filters: AuditFilters) {
  const filter: EventQuery = {
    limit: PAGE_SIZE,
    ...(filters.type.trim() ? { type: filters.type.trim() } : {}),
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.resource.trim() ? { resource: filters.resource.trim() } : {}),
  };
  const query = new URLSearchParams(
    Object.entries(filter).map(([name, value]) => [name, String(value)]),
  ).toString();
  const pages = useInfiniteQuery({
    queryKey: useApiKey(`/events?${query}#pages`),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }): Promise<Page<AuditEvent>> =>
      workspacesApi.events(pageParam ? { ...filter, cursor: pageParam } : filter),
    getNextPageParam: (last) => last.nextCursor,
  });
  return {
    events: pages.data?.pages.flatMap((page) => page.data) ?? [],
    loading: pages.isFetching,
    error: pages.isFetching ? null : pages.error,
    hasMore: pages.hasNextPage,
    loadMore: () => void pages.fetchNextPage(),
  };
}
