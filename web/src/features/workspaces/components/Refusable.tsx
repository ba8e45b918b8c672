import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import type { Action } from '@site/src/features/workspaces/model/access';
import type { ReactNode } from 'react';

/**
 * `children` when the signed-in user's role may do `action`; otherwise, in their place, the sentence
 * that says why not (for pages a role may not see at all, such as API keys for a viewer).
 */
export default function Refusable({
  action,
  testId,
  children,
}: {
  action: Action;
  testId: string;
  children: ReactNode;
}) {
  const refused = useRefusal(action);
  if (refused) {
    return (
      <p className="rq-notice" data-testid={testId}>
        {refused}
      </p>
    );
  }
  return children;
}
