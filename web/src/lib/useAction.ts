import { useState } from 'react';

/**
 * What the user started (a save, a test, a delete): `busy` while `run`'s action runs, and the problem
 * it met, cleared by the next try (or `clear`). `run` answers whether the action succeeded, so the
 * caller can close a dialog or keep it open.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, run, clear: () => setError(null) };
}
