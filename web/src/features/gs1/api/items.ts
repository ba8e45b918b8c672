import type { ApiAnswer, ApiBody, ApiQuery } from '@site/src/api/types';
import { rq } from '@site/src/lib/api';
import { useGrowingList } from '@site/src/lib/serverData';

/** A GS1 item as the API answers it (GET /gs1/items/{id}). */
export type Gs1Item = ApiAnswer<'/api/v1/gs1/items/{id}'>;
export type Gs1ItemCreate = ApiBody<'/api/v1/gs1/items', 'post'>;
export type Gs1ItemPatch = ApiBody<'/api/v1/gs1/items/{id}', 'patch'>;
export type Gs1Link = Gs1Item['links'][number];
export type Gs1Level = Gs1Item['levels'][number];
/** What "Test a scan" sends and what the resolver would answer (POST /gs1/items/{id}/simulate). */
export type Gs1ScanBody = ApiBody<'/api/v1/gs1/items/{id}/simulate', 'post'>;
export type Gs1Simulation = ApiAnswer<'/api/v1/gs1/items/{id}/simulate', 'post'>;
export type Gs1WriteUriBody = ApiBody<'/api/v1/gs1/write-uri', 'post'>;

export type Gs1ItemFilters = Pick<ApiQuery<'/api/v1/gs1/items'>, 'value' | 'linkType'>;

/** The workspace's GS1 items matching the filters (a key's start, a link type), 50 a page ("Load more"). */
export function useGs1ItemList(filters: Gs1ItemFilters = {}) {
  const value = filters.value?.trim() ?? '';
  const linkType = filters.linkType?.trim() ?? '';
  const query: Gs1ItemFilters = { ...(value ? { value } : {}), ...(linkType ? { linkType } : {}) };
  // The cache key names the filters, so each filtered list is read and kept apart.
  const path = `/gs1/items?value=${encodeURIComponent(value)}&linkType=${encodeURIComponent(linkType)}`;
  return useGrowingList<Gs1Item>(path, (page) =>
    rq.gs1.listItems({ params: { query: { ...page, ...query } } }),
  );
}
