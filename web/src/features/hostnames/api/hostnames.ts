import { rq } from '@site/src/lib/api';
import { useGrowingList } from '@site/src/lib/serverData';
import type { Hostname } from './types';

/** The account's hostnames, 50 a page ("Load more"). */
export function useHostnameList() {
  return useGrowingList<Hostname>('/hostnames', (page) => rq.hostnames.list({ params: { query: page } }));
}
