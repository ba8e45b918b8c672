import { type Action, refusal } from '@site/src/features/workspaces/model/access';
import { useWorkspace } from '@site/src/lib/workspace';

/**
 * Why the signed-in user's role in the current workspace may not do `action` (the sentence pages
 * show beside a disabled control), or null when it may or while the workspace is not known yet.
 */
export function useRefusal(action: Action): string | null {
  const role = useWorkspace().current?.role;
  return role ? refusal(role, action) : null;
}
