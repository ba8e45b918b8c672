import { rq } from '@site/src/lib/api';
import { useGrowingList } from '@site/src/lib/serverData';
import type { ApiKey } from './types';

/** The signed-in user's API keys, 50 a page ("Load more"). */
export function useApiKeyList() {
  return useGrowingList<ApiKey>('/api-keys', (page) => rq.apiKeys.list({ params: { query: page } }));
}
