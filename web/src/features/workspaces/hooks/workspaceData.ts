import { type Invitation, type Member, workspacesApi } from '@site/src/features/workspaces/api/workspaces';
import { useApiKey } from '@site/src/lib/serverData';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/** A list of the workspace read once per visit, edited in the cache by the changes this page makes. */
function useCachedList<T>(path: string, read: () => Promise<{ data: T[] }>, enabled: boolean) {
  const client = useQueryClient();
  const queryKey = useApiKey(path);
  const query = useQuery({ queryKey, queryFn: async () => (await read()).data, enabled });
  return {
    items: query.data ?? [],
    loading: query.isFetching,
    error: query.isFetching ? null : query.error,
    reload: () => void query.refetch(),
    edit: (change: (items: T[]) => T[]) => client.setQueryData<T[]>(queryKey, (old) => change(old ?? [])),
  };
}

export function useMembers(workspaceId: string) {
  return useCachedList<Member>(
    `/workspaces/${workspaceId}/members`,
    () => workspacesApi.members(workspaceId),
    workspaceId !== '',
  );
}

/** Pending invitations; only admins and the owner may read them. */
export function useInvitations(workspaceId: string, enabled: boolean) {
  return useCachedList<Invitation>(
    `/workspaces/${workspaceId}/invitations`,
    () => workspacesApi.invitations(workspaceId),
    enabled,
  );
}
