import ConfirmDialog from '@site/src/components/ConfirmDialog';
import ProblemMessage from '@site/src/components/ProblemMessage';
import type { Hostname } from '@site/src/features/hostnames/api/types';
import { apiRequest } from '@site/src/lib/api';
import { useEffect, useRef, useState } from 'react';

/** Delete, after a confirmation; a refusal (codes still use the name: 409) is shown with its detail. */
export default function DeleteHostname({
  hostname,
  onDeleted,
}: {
  hostname: Hostname;
  onDeleted: (id: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const area = useRef<HTMLDivElement>(null);
  // Set by the buttons: after opening, focus goes to the safe answer (Cancel); after closing, to Delete.
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const buttons = area.current?.querySelectorAll('button');
    buttons?.[confirming ? buttons.length - 1 : 0]?.focus();
  }, [confirming]);

  const toggle = (open: boolean) => {
    moveFocus.current = true;
    setConfirming(open);
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiRequest<void>('DELETE', `/hostnames/${encodeURIComponent(hostname.id)}`);
      onDeleted(hostname.id);
    } catch (caught) {
      setError(caught);
      setBusy(false);
      toggle(false);
    }
  };

  return (
    <div ref={area}>
      {!confirming && (
        <button
          type="button"
          className="button button--outline button--danger button--sm"
          onClick={() => {
            setError(null);
            toggle(true);
          }}
        >
          Delete hostname
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          label={`Delete ${hostname.hostname}`}
          confirmText="Yes, delete"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => toggle(false)}
        >
          Delete {hostname.hostname}? Its redirects go with it, scans of https://{hostname.hostname}/ stop
          being answered, and any account may claim the name again.
        </ConfirmDialog>
      )}
      <ProblemMessage error={error} />
    </div>
  );
}
