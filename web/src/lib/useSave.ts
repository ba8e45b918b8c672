import { type FormEvent, useState } from 'react';
import { useAction } from './useAction';

/**
 * A form's save, as the settings forms show it: `busy` while `save` runs, the problem it met
 * (cleared by the next try), and `saved` from its success until the user edits a field again
 * (`edit` sets the field and takes the "saved" status away).
 */
export function useSave(save: () => Promise<unknown>) {
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSaved(false);
    setSaved(await run(save));
  };

  const edit = <T>(set: (value: T) => void, value: T) => {
    set(value);
    setSaved(false);
  };

  return { busy, error, saved, submit, edit };
}
