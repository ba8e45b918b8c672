import ConfirmDialog from '@site/src/components/ConfirmDialog';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { useAction } from '@site/src/lib/useAction';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A danger button that asks first (ConfirmDialog), then runs `action`; a refusal is shown with its
 * detail under the button. Focus follows the keyboard user: to the safe answer (Cancel) when the
 * question opens, back to the button when it closes.
 */
export default function ConfirmedAction({
  buttonText,
  label,
  confirmText,
  action,
  children,
}: {
  buttonText: string;
  /** The question's accessible name, e.g. "Delete menu.example.com". */
  label: string;
  confirmText: string;
  /** Done when it resolves; a rejection is the problem shown. */
  action: () => Promise<void>;
  /** The question and what follows from the answer. */
  children: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run: act, clear } = useAction();
  const area = useRef<HTMLDivElement>(null);
  // Set by the buttons only, so a question closed by success moves no focus.
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

  const run = async () => {
    if (await act(action)) setConfirming(false);
    else toggle(false);
  };

  return (
    <div ref={area}>
      {!confirming && (
        <button
          type="button"
          className="button button--outline button--danger button--sm"
          onClick={() => {
            clear();
            toggle(true);
          }}
        >
          {buttonText}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          label={label}
          confirmText={confirmText}
          busy={busy}
          onConfirm={() => void run()}
          onCancel={() => toggle(false)}
        >
          {children}
        </ConfirmDialog>
      )}
      <ProblemMessage error={error} />
    </div>
  );
}
