import Link from '@docusaurus/Link';
import {
  type CodeContent,
  codeOf,
  imageSource,
  type NewCode,
  type QrCode,
  type Style,
} from '@site/src/api/codes';
import CopyButton from '@site/src/components/CopyButton';
import formStyles from '@site/src/components/Form.module.css';
import LinkControlsFields, {
  LINK_CONTROL_FIELDS,
} from '@site/src/components/linkControls/LinkControlsFields';
import ProblemMessage from '@site/src/components/ProblemMessage';
import SignInPrompt from '@site/src/components/SignInPrompt';
import {
  slugCheckSentence,
  useSlugAvailability,
} from '@site/src/features/designTool/hooks/useSlugAvailability';
import { ApiError, rq } from '@site/src/lib/api';
import { useAuth } from '@site/src/lib/auth';
import { splitProblem } from '@site/src/lib/formProblem';
import { createBodyOf, draftOf } from '@site/src/lib/linkControls';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styles from './SaveToAccount.module.css';

const FIELDS = {
  '/body/slug': 'The slug',
  '/body/target': 'The target',
  '/body/exec/url': 'The exec URL',
  '/body/exec/fallback': 'The fallback URL',
  '/body/hostname': 'The hostname',
  '/body/title': 'The title',
  ...LINK_CONTROL_FIELDS,
};

/** The account's verified hostnames, the names a new code may be served from. */
function useVerifiedHostnames(signedIn: boolean): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    rq.hostnames
      .list({ params: { query: { limit: 100 } } })
      .then((page) => {
        if (live)
          setNames(page.data.filter((host) => host.status === 'verified').map((host) => host.hostname));
      })
      .catch(() => {
        // Without the list the code goes to the primary host, which is always there.
      });
    return () => {
      live = false;
    };
  }, [signedIn]);
  return names;
}

function FieldError({ id, sentence }: { id: string; sentence: string | undefined }) {
  if (!sentence) return null;
  return (
    <p id={id} className="rq-error" role="alert">
      {sentence}
    </p>
  );
}

/** The created code: its image as the API drew it, the short URL to copy, and where to manage it. */
function Created({ code, onAnother }: { code: QrCode; onAnother: () => void }) {
  return (
    <div className={styles.created} data-testid="created-code">
      <p role="status">
        <strong>Created {code.mode === 'static' ? 'a static code' : code.shortUrl}.</strong>
      </p>
      {code.image && (
        <img
          className={styles.createdImage}
          src={imageSource(code.image)}
          alt={`The QR code ${code.title ?? code.slug}`}
          width={200}
          height={200}
        />
      )}
      {code.mode !== 'static' && (
        <p className={formStyles.row}>
          <code>{code.shortUrl}</code> <CopyButton value={code.shortUrl} what="short URL" />
        </p>
      )}
      <p className={formStyles.row}>
        <Link className="button button--primary button--sm" to={`/codes?q=${encodeURIComponent(code.slug)}`}>
          Open in the code manager
        </Link>
        <button type="button" className="button button--secondary button--sm" onClick={onAnother}>
          Create another
        </button>
      </p>
    </div>
  );
}

/**
 * Creates a code of the account from the design tool's style and content: for a URL, a dynamic
 * code (slug checked as you type, target, redirect or exec, a verified hostname when there is
 * one); for static content, a static code. The answer's image is shown as the preview.
 */
export default function CreateCodeFromDesign({ style, content }: { style: Style; content: CodeContent }) {
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  const dynamic = content.mode !== 'static';
  const [mode, setMode] = useState<'redirect' | 'exec'>(content.mode === 'exec' ? 'exec' : 'redirect');
  const [slug, setSlug] = useState('');
  const [target, setTarget] = useState(content.mode !== 'static' ? (content.target ?? '') : '');
  const [execUrl, setExecUrl] = useState('');
  const [title, setTitle] = useState('');
  const [hostname, setHostname] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<QrCode | null>(null);
  const [controls, setControls] = useState(() => draftOf());
  const hostnames = useVerifiedHostnames(signedIn);
  const slugCheck = useSlugAvailability(dynamic ? slug.trim() : '', hostname || null);
  const ids = {
    slug: useId(),
    slugHint: useId(),
    slugError: useId(),
    target: useId(),
    targetError: useId(),
    execUrl: useId(),
    execError: useId(),
    fallbackError: useId(),
    hostname: useId(),
    hostError: useId(),
    title: useId(),
    titleError: useId(),
    mode: useId(),
  };

  // The design tool's URL follows the user's typing until they edit the target here.
  const contentTarget = content.mode !== 'static' ? (content.target ?? '') : '';
  const [targetEdited, setTargetEdited] = useState(false);
  useEffect(() => {
    if (!targetEdited) setTarget(contentTarget);
  }, [contentTarget, targetEdited]);

  if (auth.status === 'loading') return null;
  if (!signedIn) return <SignInPrompt action="create a dynamic code from this design" />;
  if (created) return <Created code={created} onAnother={() => setCreated(null)} />;

  const { byField, general } = splitProblem(error, FIELDS);
  const slugBlocked = slugCheck.state === 'invalid' || slugCheck.state === 'unavailable';

  const body = (): NewCode => {
    const common = { style, ...(title.trim() ? { title: title.trim() } : {}) };
    if (content.mode === 'static') return { mode: 'static' as const, data: content.data, ...common };
    const where = { ...(slug.trim() ? { slug: slug.trim() } : {}), ...(hostname ? { hostname } : {}) };
    const linkControls = createBodyOf(controls);
    return mode === 'redirect'
      ? { mode, target: target.trim(), ...where, ...common, ...linkControls }
      : {
          mode,
          exec: { url: execUrl.trim(), fallback: target.trim() },
          ...where,
          ...common,
          ...linkControls,
        };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (slugBlocked) return;
    setBusy(true);
    setError(null);
    try {
      setCreated(codeOf(await rq.qrcodes.create({ body: body() })));
      setSlug('');
      setTitle('');
      setControls(draftOf());
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const slugSentence = byField['/body/slug'] ?? slugCheckSentence(slugCheck, slug.trim());
  const slugInvalid = byField['/body/slug'] !== undefined || slugBlocked;
  const targetError =
    byField['/body/target'] ?? (mode === 'exec' ? byField['/body/exec/fallback'] : undefined);

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      aria-label={dynamic ? 'Create a dynamic code from this design' : 'Save as a static code'}
    >
      {dynamic && (
        <>
          <fieldset className={formStyles.modes}>
            <legend>What a scan does</legend>
            <label>
              <input
                type="radio"
                name={ids.mode}
                value="redirect"
                checked={mode === 'redirect'}
                onChange={() => setMode('redirect')}
              />{' '}
              Redirect to the target
            </label>
            <label>
              <input
                type="radio"
                name={ids.mode}
                value="exec"
                checked={mode === 'exec'}
                onChange={() => setMode('exec')}
              />{' '}
              Ask my exec URL where to go
            </label>
          </fieldset>

          {mode === 'exec' && (
            <div className={formStyles.field}>
              <label htmlFor={ids.execUrl}>Exec URL</label>
              <input
                id={ids.execUrl}
                type="url"
                inputMode="url"
                required
                value={execUrl}
                onChange={(event) => setExecUrl(event.target.value)}
                placeholder="https://example.com/qr-hook"
                aria-invalid={byField['/body/exec/url'] !== undefined}
                aria-describedby={ids.execError}
              />
              <FieldError id={ids.execError} sentence={byField['/body/exec/url']} />
            </div>
          )}

          <div className={formStyles.field}>
            <label htmlFor={ids.target}>{mode === 'exec' ? 'Fallback URL' : 'Target URL'}</label>
            <input
              id={ids.target}
              type="url"
              inputMode="url"
              required
              value={target}
              onChange={(event) => {
                setTargetEdited(true);
                setTarget(event.target.value);
              }}
              placeholder="https://example.com/menu"
              aria-invalid={targetError !== undefined}
              aria-describedby={ids.targetError}
            />
            <FieldError id={ids.targetError} sentence={targetError} />
          </div>

          {hostnames.length > 0 && (
            <div className={formStyles.field}>
              <label htmlFor={ids.hostname}>Hostname</label>
              <select
                id={ids.hostname}
                value={hostname}
                onChange={(event) => setHostname(event.target.value)}
                aria-invalid={byField['/body/hostname'] !== undefined}
                aria-describedby={ids.hostError}
              >
                <option value="">Our short host</option>
                {hostnames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              <FieldError id={ids.hostError} sentence={byField['/body/hostname']} />
            </div>
          )}

          <div className={formStyles.field}>
            <label htmlFor={ids.slug}>Slug (optional)</label>
            <input
              id={ids.slug}
              value={slug}
              onChange={(event) => setSlug(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              placeholder="spring-menu"
              aria-invalid={slugInvalid}
              aria-describedby={ids.slugHint}
            />
            <span
              id={ids.slugHint}
              role="status"
              data-testid="slug-check"
              className={slugInvalid ? 'rq-error' : formStyles.hint}
            >
              {slugSentence}
            </span>
          </div>

          <LinkControlsFields
            draft={controls}
            onChange={setControls}
            byField={byField}
            defaultTarget={target}
          />
        </>
      )}

      <div className={formStyles.field}>
        <label htmlFor={ids.title}>Title (optional)</label>
        <input
          id={ids.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={200}
          placeholder="Spring menu"
          aria-invalid={byField['/body/title'] !== undefined}
          aria-describedby={ids.titleError}
        />
        <FieldError id={ids.titleError} sentence={byField['/body/title']} />
      </div>

      {general !== null && (
        <div>
          <ProblemMessage error={general} />
          {general instanceof ApiError && general.status === 402 && (
            <Link to="/increase-redirects-limit">See the plans that lift the limit</Link>
          )}
        </div>
      )}

      <div>
        <button type="submit" className="button button--primary" disabled={busy || slugBlocked}>
          {busy ? 'Creating…' : dynamic ? 'Create dynamic code' : 'Save as a static code'}
        </button>
      </div>
    </form>
  );
}
