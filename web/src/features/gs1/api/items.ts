import type { ApiAnswer, ApiBody } from '@site/src/api/types';
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

/** The workspace's GS1 items, 50 a page ("Load more"). */
export function useGs1ItemList() {
  return useGrowingList<Gs1Item>('/gs1/items', (page) => rq.gs1.listItems({ params: { query: page } }));
}
