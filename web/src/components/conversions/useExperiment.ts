import { rq } from '@site/src/lib/api';
import type { Experiment } from '@site/src/lib/conversions';
import { useApiGet, useApiKey } from '@site/src/lib/serverData';
import { useQueryClient } from '@tanstack/react-query';

export type { Experiment };
export type ExperimentVariant = Experiment['variants'][number];

/**
 * One split rule's experiment, read when its panel shows; `keepWinner` sends everyone to a variant
 * (POST .../keep-winner) and writes the answer into the cache, and the rules list is read again so
 * the rule's editor shows the new weights.
 */
export function useExperiment(ruleId: string) {
  const client = useQueryClient();
  const path = `/rules/${encodeURIComponent(ruleId)}/experiment`;
  const read = useApiGet(path, () => rq.rules.getExperiment({ params: { path: { id: ruleId } } }));
  const key = useApiKey(path);
  const rulesKey = useApiKey('/rules#all');
  const keepWinner = async (variant: number) => {
    const answer = await rq.rules.keepWinnerExperiment({
      params: { path: { id: ruleId } },
      body: { variant },
    });
    client.setQueryData<Experiment>(key, answer);
    await client.invalidateQueries({ queryKey: rulesKey });
    return answer;
  };
  return {
    experiment: read.data,
    loading: read.isFetching,
    error: read.isFetching ? null : read.error,
    reload: () => void read.refetch(),
    keepWinner,
  };
}
