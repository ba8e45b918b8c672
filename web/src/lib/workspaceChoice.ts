import type { ApiAnswer } from '@site/src/api/types';

/** A workspace as `GET /me` lists it, with the signed-in user's role in it. */
export type Workspace = ApiAnswer<'/api/v1/me'>['workspaces'][number];
export type Role = Workspace['role'];

/** The stored choice when the user is still in that workspace, else their personal one (left, deleted). */
export function chooseWorkspace(
  workspaces: readonly Workspace[],
  stored: string | null,
): Workspace | undefined {
  return (
    workspaces.find((workspace) => workspace.id === stored) ??
    workspaces.find((workspace) => workspace.personal) ??
    workspaces[0]
  );
}

/**
 * The workspace API requests work in, outside React: the client `rq` (lib/api.ts) waits until the signed-in user's
 * workspace is settled (lib/workspace.tsx reads `GET /me` and checks the stored choice first), so no
 * request goes out with a workspace the user has left.
 */
let current: string | null = null;
// Unsettled until the provider has read the user's workspaces; only signed-in requests wait.
let settled = false;
let waiting: Array<() => void> = [];

/** The workspace requests send as `RQ-Workspace` (null: the personal one, or signed out). */
export function resolvedWorkspace(): string | null {
  return current;
}

/** Requests wait again (a new sign-in: its workspaces are not known yet). */
export function unsettleWorkspace(): void {
  settled = false;
}

/** From now on requests work in `id` (null: no header). */
export function settleWorkspace(id: string | null): void {
  current = id;
  settled = true;
  const release = waiting;
  waiting = [];
  for (const resume of release) resume();
}

let goneListener: ((id: string) => void) | null = null;

/** Who hears that the API no longer knows the user in a workspace (removed, deleted elsewhere). */
export function onWorkspaceGone(listener: ((id: string) => void) | null): void {
  goneListener = listener;
}

/** The API answered 404 to the workspace a request named: the user is no longer in it. */
export function reportWorkspaceGone(id: string): void {
  goneListener?.(id);
}

/** The workspace to send, once it is known. */
export async function workspaceForRequest(): Promise<string | null> {
  if (!settled) await new Promise<void>((resume) => waiting.push(resume));
  return current;
}
