import type { Page } from '@site/src/api/types';
import {
  type InfiniteData,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useAuth } from './auth';
import { useWorkspaceKey, WorkspaceProvider } from './workspace';

/**
 * Server data is read one way: TanStack Query over the typed client `rq` (lib/api.ts: same origin, the user's token).
 * A list loads when its page mounts and when its key changes, and at no other time: no refetch on
 * window focus or reconnect and no retries, so a page's requests are the ones the reader asked for
 * (each counts against the account's rate limit; e2e/rate-limit.spec.ts counts them). Changes the
 * page makes itself are written into the cache (`replace`, `remove`, `prepend`), not refetched.
 */
function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
    },
  });
}

/** Gives every page the query cache; another user's (or nobody's) data never outlives a sign-in change. */
export function ServerDataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(newQueryClient);
  const uid = useAuth().user?.uid ?? null;
  useEffect(() => {
    if (uid !== null) return () => client.clear();
  }, [client, uid]);
  return (
    <QueryClientProvider client={client}>
      <WorkspaceProvider>{children}</WorkspaceProvider>
    </QueryClientProvider>
  );
}

/**
 * The cache key of `GET /api/v1${path}` in a workspace (`useWorkspaceKey()`): each workspace's
 * answers are kept apart, and switching reads the new workspace's.
 */
export function apiKeyOf(workspace: string, path: string): readonly unknown[] {
  return ['api', workspace, path];
}

/** The cache key of `GET /api/v1${path}` in the current workspace. */
export function useApiKey(path: string): readonly unknown[] {
  return apiKeyOf(useWorkspaceKey(), path);
}

/**
 * A read cached under `path` (the GET it makes, with its query: `/qrcodes/qr_1`), e.g.
 * `useApiGet('/qrcodes/qr_1', () => rq.qrcodes.get({ params: { path: { id } } }))`; while a new path
 * loads, the last answer stays on screen (paging), but only one of the same workspace: another
 * workspace's data never shows.
 */
export function useApiGet<T>(path: string, read: () => Promise<T>) {
  const workspace = useWorkspaceKey();
  return useQuery({
    queryKey: apiKeyOf(workspace, path),
    queryFn: read,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === workspace ? keepPreviousData(previous) : undefined,
  });
}

/** One page of a cursor-paged collection, e.g. `(page) => rq.rules.list({ params: { query: page } })`. */
export type ReadPage<T> = (page: { limit: number; cursor?: string }) => Promise<Page<T>>;

/**
 * Every page of a cursor-paged collection (up to `max` items), read once as one list; not read
 * while `enabled` is false. `collection` names it in the cache (`/rules`).
 */
export function useWholeList<T>(
  collection: string,
  readPage: ReadPage<T>,
  max = 1000,
  { enabled = true } = {},
) {
  return useQuery({
    enabled,
    queryKey: useApiKey(`${collection}#all`),
    queryFn: async () => {
      const all: T[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<T> = await readPage({ limit: 100, ...(cursor ? { cursor } : {}) });
        all.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor && all.length < max);
      return all;
    },
  });
}

export interface GrowingList<T extends { id: string }> {
  items: T[];
  /** A page is on its way (the first, or one more). */
  loading: boolean;
  /** Why the last load failed (null while one is on its way). */
  error: unknown;
  hasMore: boolean;
  loadMore(): void;
  /** Starts again from the first page. */
  reload(): void;
  replace(item: T): void;
  remove(id: string): void;
  prepend(item: T): void;
}

/** A cursor-paged collection read a page at a time ("Load more"), newest first, `pageSize` a page. */
export function useGrowingList<T extends { id: string }>(
  collection: string,
  readPage: ReadPage<T>,
  pageSize = 50,
): GrowingList<T> {
  const client = useQueryClient();
  const queryKey = useApiKey(`${collection}#pages`);
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => readPage({ limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) }),
    getNextPageParam: (last) => last.nextCursor,
  });
  const edit = (change: (pages: Page<T>[]) => Page<T>[]) =>
    client.setQueryData<InfiniteData<Page<T>, string | null>>(queryKey, (data) =>
      data ? { ...data, pages: change(data.pages) } : data,
    );
  return {
    items: query.data?.pages.flatMap((page) => page.data) ?? [],
    loading: query.isFetching,
    error: query.isFetching ? null : query.error,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    reload: () => void client.resetQueries({ queryKey }),
    replace: (item) =>
      edit((pages) =>
        pages.map((page) => ({ ...page, data: page.data.map((old) => (old.id === item.id ? item : old)) })),
      ),
    remove: (id) =>
      edit((pages) => pages.map((page) => ({ ...page, data: page.data.filter((old) => old.id !== id) }))),
    prepend: (item) =>
      edit((pages) =>
        pages.map((page, index) => ({
          ...page,
          data: [...(index === 0 ? [item] : []), ...page.data.filter((old) => old.id !== item.id)],
        })),
      ),
  };
}
