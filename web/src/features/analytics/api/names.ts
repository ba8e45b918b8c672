import { codeOf, type QrCode } from '@site/src/api/codes';
import { rq } from '@site/src/lib/api';
import { useApiKey } from '@site/src/lib/serverData';
import { useQuery } from '@tanstack/react-query';

export interface Names {
  /** Codes ("Title (slug)") and rules by id. */
  names: Record<string, string>;
  /** The first 100 codes; undefined while loading or when they could not be read. */
  codes?: QrCode[] | undefined;
  /** More codes exist than were read (or none could be). */
  more: boolean;
}

async function readNames(): Promise<Names> {
  const [codes, rules] = await Promise.all([
    rq.qrcodes
      .list({ params: { query: { limit: 100 } } })
      .then((page) => ({ ...page, data: page.data.map(codeOf) })),
    rq.rules.list({ params: { query: { limit: 100 } } }).catch(() => ({
      data: [],
      nextCursor: null,
    })),
  ]);
  const names: Record<string, string> = {};
  for (const code of codes.data) names[code.id] = code.title ? `${code.title} (${code.slug})` : code.slug;
  for (const rule of rules.data) names[rule.id] = rule.name;
  return { names, codes: codes.data, more: codes.nextCursor !== null };
}

/**
 * The account's codes and rules by id, for names in tables and chips. Without the lists codes and
 * rules show by id, and the empty state is not shown.
 */
export function useNames(): Names {
  const query = useQuery({ queryKey: useApiKey('/analytics#names'), queryFn: readNames });
  if (query.data) return query.data;
  return query.isError ? { names: {}, codes: undefined, more: true } : { names: {}, more: false };
}
