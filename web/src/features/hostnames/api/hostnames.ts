import { useGrowingList } from '@site/src/lib/serverData';
import type { Hostname } from './types';

/** The account's hostnames, 50 a page ("Load more"). */
export function useHostnameList() {
  return useGrowingList<Hostname>('/hostnames');
}
