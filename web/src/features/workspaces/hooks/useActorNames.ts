import type { ApiAnswer } from '@site/src/api/types';
import { actorName, type EventActor } from '@site/src/features/workspaces/model/events';
import { rq } from '@site/src/lib/api';
import { useWholeList } from '@site/src/lib/serverData';

type ApiKeySummary = ApiAnswer<'/api/v1/api-keys'>['data'][number];

/**
 * Names the actors of `events` (an audit log's or a code's history): the workspace's API keys are
 * read, once, only when a key made one of the changes.
 */
export function useActorNames(events: readonly { actor: EventActor }[]): (actor: EventActor) => string {
  const byKey = events.some((event) => event.actor.type === 'apiKey');
  const keys = useWholeList<ApiKeySummary>(
    '/api-keys',
    (page) => rq.apiKeys.list({ params: { query: page } }),
    1000,
    { enabled: byKey },
  );
  const names = keys.data ? new Map(keys.data.map((key) => [key.id, key.name])) : undefined;
  return (actor) => actorName(actor, names);
}
