/**
 * `?code=<id>`: the tool opens a signed-in user's code with its style, and saves the style back with
 * PATCH /api/v1/qrcodes/{id} { style }.
 */
import Link from '@docusaurus/Link';
import { codeOf } from '@site/src/api/codes';
import type { ToolStyle } from '@site/src/features/designTool/model/designState';
import { toolStyleOf } from '@site/src/features/designTool/model/urlState';
import { ApiError, rq } from '@site/src/lib/api';
import { useAuth } from '@site/src/lib/auth';
import { loginPathFor } from '@site/src/lib/nextPath';
import type { StaticData } from '@site/src/lib/qr/staticData';
import { useEffect, useState } from 'react';
import styles from './DesignTool.module.css';

export type CodeToEdit =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'signedOut' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; id: string; name: string; style: ToolStyle; content: StaticData; encodes: string };

export function useCodeToEdit(): CodeToEdit {
  const auth = useAuth();
  const [id] = useState(() => new URLSearchParams(window.location.search).get('code'));
  const [code, setCode] = useState<CodeToEdit>(id ? { state: 'loading' } : { state: 'none' });
  useEffect(() => {
    if (!id) return;
    if (auth.status === 'signedOut') {
      setCode({ state: 'signedOut' });
      return;
    }
    if (auth.status !== 'signedIn') return;
    let cancelled = false;
    rq.qrcodes.get({ params: { path: { id } } }).then(
      (found) => {
        const answer = codeOf(found);
        if (cancelled) return;
        const content: StaticData =
          answer.mode === 'static' && answer.data ? answer.data : { kind: 'url', url: answer.shortUrl };
        setCode({
          state: 'loaded',
          id: answer.id,
          name: answer.title ?? answer.slug,
          style: toolStyleOf(answer.style),
          content,
          encodes: answer.mode === 'static' ? `static ${content.kind} content` : answer.shortUrl,
        });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message =
          error instanceof ApiError && error.status === 404
            ? 'No code of yours has that id.'
            : error instanceof Error
              ? error.message
              : String(error);
        setCode({ state: 'error', message });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, auth.status]);
  return code;
}

/** Which code is being edited, and the button that saves the style to it. */
export default function CodeStyleBar({ code, style }: { code: CodeToEdit; style: ToolStyle }) {
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null);
  if (code.state === 'none') return null;
  if (code.state === 'loading') return <p className={styles.codeBar}>Opening the code…</p>;
  if (code.state === 'signedOut') {
    return (
      <p className={styles.codeBar}>
        <Link to={loginPathFor(window.location.pathname, window.location.search)}>Sign in</Link> to edit the
        style of this code.
      </p>
    );
  }
  if (code.state === 'error') {
    return (
      <p className={`${styles.codeBar} ${styles.error}`} role="alert">
        The code could not be opened: {code.message} <Link to="/qr-design-tool">Start a new design</Link>.
      </p>
    );
  }
  const save = async () => {
    setSaving(true);
    setResult(null);
    try {
      await rq.qrcodes.update({ params: { path: { id: code.id } }, body: { style } });
      setResult({ error: false, text: `Saved the style to ${code.name}.` });
    } catch (error) {
      const text =
        error instanceof ApiError
          ? [error.detail, ...error.errors.map((field) => `${field.path}: ${field.message}`)].join(' ')
          : String(error);
      setResult({ error: true, text });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={styles.codeBar}>
      <p>
        Editing the style of <strong>{code.name}</strong>.
      </p>
      <button type="button" className="button button--primary" disabled={saving} onClick={() => void save()}>
        {saving ? 'Saving…' : 'Save style to the code'}
      </button>
      <p role="status" className={result?.error ? styles.error : styles.hint}>
        {result?.text}
      </p>
    </div>
  );
}
