import { codeOf, type Page, type QrCode } from '@site/src/api/codes';
import type { ApiAnswer, ApiQuery } from '@site/src/api/types';
import { rq } from '@site/src/lib/api';
import { useApiGet, useApiKey, useWholeList } from '@site/src/lib/serverData';
import { useQueryClient } from '@tanstack/react-query';

/** A rule as the list of rules names it. */
export type RuleSummary = Pick<ApiAnswer<'/api/v1/rules/{id}'>, 'id' | 'name' | 'enabled' | 'then'>;

/** Whether a rule splits traffic between targets: every split rule is an experiment. */
export function splits(rule: RuleSummary | undefined): boolean {
  return Array.isArray(rule?.then.split) && rule.then.split.length > 1;
}

/** The path and query of a read, as its cache key. */
function keyOf(path: string, query: Record<string, string | number | boolean>): string {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return search.size > 0 ? `${path}?${search}` : path;
}

/** One page of the account's codes (`query` holds the filters, limit and cursor). */
export function useCodesPage(query: ApiQuery<'/api/v1/qrcodes'>) {
  const client = useQueryClient();
  const path = keyOf('/qrcodes', query);
  const page = useApiGet(path, async (): Promise<Page<QrCode>> => {
    const answer = await rq.qrcodes.list({ params: { query } });
    return { ...answer, data: answer.data.map(codeOf) };
  });
  const key = useApiKey(path);
  /** Writes a change the page made into the cached page (no refetch). */
  const edit = (change: (codes: QrCode[]) => QrCode[]) =>
    client.setQueryData<Page<QrCode>>(key, (old) => (old ? { ...old, data: change(old.data) } : old));
  return {
    codes: page.data?.data ?? [],
    nextCursor: page.data?.nextCursor ?? null,
    loading: page.isFetching,
    error: page.isFetching ? null : page.error,
    reload: () => void page.refetch(),
    replace: (changed: QrCode) =>
      edit((codes) => codes.map((code) => (code.id === changed.id ? changed : code))),
    remove: (id: string) => edit((codes) => codes.filter((code) => code.id !== id)),
  };
}

/**
 * The account's rules (names for the codes' rule lists), all pages. Without the list rules show by
 * id, and assigning waits until it loads on the next visit: a failure is not shown.
 */
export function useRuleNames(): RuleSummary[] {
  return useWholeList<RuleSummary>('/rules', (page) => rq.rules.list({ params: { query: page } })).data ?? [];
}

/** How many codes pass the filters (`GET /qrcodes/count`), for "N codes" and "select all N". */
export function useCodeCount(filter: ApiQuery<'/api/v1/qrcodes/count'>) {
  const count = useApiGet(keyOf('/qrcodes/count', filter), () =>
    rq.qrcodes.getCount({ params: { query: filter } }),
  );
  return { total: count.data?.total, reload: () => void count.refetch() };
}

/** One code, for its own page; `replace` writes a change the page made into the cache. */
export function useCode(id: string) {
  const client = useQueryClient();
  const path = `/qrcodes/${encodeURIComponent(id)}`;
  const code = useApiGet(path, async () => codeOf(await rq.qrcodes.get({ params: { path: { id } } })));
  const key = useApiKey(path);
  return {
    code: code.data,
    loading: code.isFetching,
    error: code.isFetching ? null : code.error,
    replace: (changed: QrCode) => client.setQueryData<QrCode>(key, changed),
  };
}
