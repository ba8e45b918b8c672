import type { Rule } from '@site/src/features/rules/model/ruleModel';
import { rq } from '@site/src/lib/api';
import { useGrowingList } from '@site/src/lib/serverData';

/** The account's rules, 50 a page ("Load more"). */
export function useRuleList() {
  return useGrowingList<Rule>('/rules', (page) => rq.rules.list({ params: { query: page } }));
}
