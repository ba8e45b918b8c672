import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { rqWithoutWorkspace } from './api';
import { useSignedInUser } from './auth';
import {
  chooseWorkspace,
  onWorkspaceGone,
  settleWorkspace,
  unsettleWorkspace,
  type Workspace,
} from './workspaceChoice';

export type { Role, Workspace } from './workspaceChoice';

/** Where the chosen workspace of a user is kept between visits. */
function storageKey(uid: string): string {
  return `rqWorkspace:${uid}`;
}

function storedChoice(uid: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(uid));
  } catch {
    return null;
  }
}

/** Keeps a team workspace's id; the personal workspace is kept as no choice at all. */
function storeChoice(uid: string, id: string | null): void {
  try {
    if (id) window.localStorage.setItem(storageKey(uid), id);
    else window.localStorage.removeItem(storageKey(uid));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export interface WorkspaceState {
  /** The workspace every request works in; undefined while signed out or loading. */
  current?: Workspace | undefined;
  /**
   * The current workspace in query keys: the stored choice until `/me` answers ('personal' for the
   * personal one), so a settled choice refetches nothing.
   */
  key: string;
  /** The signed-in user's workspaces are being read (their role is not known yet). */
  loading: boolean;
  /** Every workspace of the user, with their role. */
  workspaces: Workspace[];
  /** Work in another workspace: every page reads its data again. */
  switchTo(id: string): void;
  /** Reads the list again (after creating, renaming, leaving, accepting). */
  reload(): Promise<void>;
}

const WorkspaceContext = createContext<WorkspaceState>({
  key: 'signedOut',
  loading: false,
  workspaces: [],
  switchTo: () => {},
  reload: async () => {},
});

const ME_KEY = ['me'] as const;

/**
 * Settles which workspace a signed-in user works in: the one chosen last (localStorage) while they
 * are still in it, else their personal workspace. API requests wait for this (lib/workspaceChoice.ts)
 * and send it as `RQ-Workspace`; the page below remounts on a switch, so no state of the old
 * workspace outlives it.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const uid = useSignedInUser()?.uid ?? null;
  const client = useQueryClient();
  // A switch in this visit, for the user who made it.
  const [chosen, setChosen] = useState<{ uid: string; id: string } | null>(null);
  // Bumped by each switch: the page remounts, so no state of the old workspace outlives it (and
  // nothing remounts at sign-in, or when /me answers).
  const [generation, setGeneration] = useState(0);
  const me = useQuery({
    queryKey: [...ME_KEY, uid],
    // Without a workspace header: the stored one may be gone, and /me lists them all anyway.
    queryFn: () => rqWithoutWorkspace.me.get(),
    enabled: uid !== null,
  });
  const workspaces = me.data?.workspaces ?? [];
  const choice = uid ? (chosen?.uid === uid ? chosen.id : storedChoice(uid)) : null;
  const current = uid ? chooseWorkspace(workspaces, choice) : undefined;
  const key = current
    ? current.personal
      ? 'personal'
      : current.id
    : uid
      ? (choice ?? 'personal')
      : 'signedOut';

  useEffect(() => {
    if (uid === null) {
      settleWorkspace(null);
      return;
    }
    if (current) settleWorkspace(current.id);
    else if (me.isError) settleWorkspace(null);
    else unsettleWorkspace();
  }, [uid, current, me.isError]);

  const switchTo = useCallback(
    (id: string) => {
      if (!uid) return;
      const personal = workspaces.find((workspace) => workspace.id === id)?.personal ?? false;
      storeChoice(uid, personal ? null : id);
      settleWorkspace(id);
      setChosen({ uid, id });
      setGeneration((count) => count + 1);
    },
    [uid, workspaces],
  );
  const reload = useCallback(async () => {
    await client.invalidateQueries({ queryKey: ME_KEY });
  }, [client]);

  // Removed from the current workspace in another tab or by an admin: back to the personal one,
  // with the page drawn again for it.
  useEffect(() => {
    if (!uid) return;
    onWorkspaceGone((id) => {
      if (storedChoice(uid) === id) storeChoice(uid, null);
      setChosen((last) => (last?.id === id ? null : last));
      setGeneration((count) => count + 1);
      void reload();
    });
    return () => onWorkspaceGone(null);
  }, [uid, reload]);

  const loading = uid !== null && me.isPending;
  const value = useMemo(
    () => ({ current, key, loading, workspaces, switchTo, reload }),
    [current, key, loading, workspaces, switchTo, reload],
  );
  return (
    <WorkspaceContext.Provider value={value}>
      <Fragment key={generation}>{children}</Fragment>
    </WorkspaceContext.Provider>
  );
}

export function useWorkspace(): WorkspaceState {
  return useContext(WorkspaceContext);
}

/** The current workspace in query keys (see WorkspaceState.key). */
export function useWorkspaceKey(): string {
  return useWorkspace().key;
}
