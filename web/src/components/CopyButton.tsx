import { useEffect, useState } from 'react';
import styles from './CopyButton.module.css';

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_FOR_MS = 5_000;

/**
 * Copies one value to the clipboard. The button's text says "Copied" afterwards and a polite live
 * region says what was copied, so a screen reader hears it too.
 */
export default function CopyButton({ value, what }: { value: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className={styles.copy}>
      <button type="button" className="button button--secondary button--sm" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="sr-only"> {what}</span>
      </button>
      <span role="status" className={state === 'failed' ? styles.copyFailed : 'sr-only'}>
        {state === 'copied' && `Copied the ${what}.`}
        {state === 'failed' && 'The browser did not allow copying: select the text and copy it by hand.'}
      </span>
    </span>
  );
}
