import type { ReactNode } from 'react';
import styles from './ConfirmDialog.module.css';

/**
 * An inline "are you sure?" for an action that cannot be undone (revoking a key, rotating a
 * secret, deleting a code): the question, a danger button and Cancel.
 */
export default function ConfirmDialog({
  label,
  children,
  confirmText,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The dialog's accessible name, e.g. "Revoke CI deploys". */
  label: string;
  /** The question and what follows from it. */
  children: ReactNode;
  confirmText: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className={styles.confirm} role="alertdialog" aria-label={label}>
      <p>{children}</p>
      <div className={styles.buttons}>
        <button
          type="button"
          className="button button--danger button--sm"
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmText}
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={busy}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
