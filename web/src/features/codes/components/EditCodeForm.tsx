import { codeOf, type QrCode } from '@site/src/api/codes';
import AttributionFields, { ATTRIBUTION_FIELDS } from '@site/src/components/conversions/AttributionFields';
import formStyles from '@site/src/components/Form.module.css';
import LinkControlsFields, {
  LINK_CONTROL_FIELDS,
} from '@site/src/components/linkControls/LinkControlsFields';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { rq } from '@site/src/lib/api';
import { attributionBodyOf, attributionChanged, attributionDraftOf } from '@site/src/lib/attribution';
import { splitProblem } from '@site/src/lib/formProblem';
import { draftOf, hasControls, patchBodyOf } from '@site/src/lib/linkControls';
import { useAction } from '@site/src/lib/useAction';
import { type FormEvent, useId, useState } from 'react';

const FIELDS: Readonly<Record<string, string>> = {
  '/body/title': 'The title',
  '/body/target': 'The target',
  '/body/tags': 'The tags',
  ...LINK_CONTROL_FIELDS,
  ...ATTRIBUTION_FIELDS,
  ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`/body/tags/${i}`, `Tag ${i + 1}`])),
};

/** Tags as typed: comma-separated, trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Title, target, tags and (for a dynamic code) its link controls and conversion attribution, sent as a merge patch of what
 * changed; the API's field problems sit by their fields.
 */
export default function EditCodeForm({
  code,
  onSaved,
  onCancel,
}: {
  code: QrCode;
  onSaved: (code: QrCode) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(code.title ?? '');
  const [target, setTarget] = useState(code.target ?? '');
  const [tags, setTags] = useState(code.tags.join(', '));
  const [controls, setControls] = useState(() => draftOf(code));
  const [attribution, setAttribution] = useState(() => attributionDraftOf(code.attribution));
  const { busy, error, run } = useAction();
  const ids = { title: useId(), target: useId(), tags: useId(), tagsHint: useId() };

  const { byField, general } = splitProblem(error, FIELDS);
  const tagError =
    Object.entries(byField)
      .filter(([path]) => path.startsWith('/body/tags'))
      .map(([, sentence]) => sentence)
      .join(' ') || undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const patch: Record<string, unknown> = {
        title: title.trim() === '' ? null : title.trim(),
        tags: parseTags(tags),
      };
      if (code.mode === 'redirect') patch.target = target.trim();
      if (code.mode !== 'static') Object.assign(patch, patchBodyOf(controls, code));
      if (code.mode !== 'static' && attributionChanged(attribution, code.attribution))
        patch.attribution = attributionBodyOf(attribution);
      onSaved(codeOf(await rq.qrcodes.update({ params: { path: { id: code.id } }, body: patch })));
    });
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void save(event)} aria-label={`Edit ${code.slug}`}>
      <div className={formStyles.field}>
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={byField['/body/title'] !== undefined}
        />
        {byField['/body/title'] && <p className="rq-error">{byField['/body/title']}</p>}
      </div>
      {code.mode === 'redirect' && (
        <div className={formStyles.field}>
          <label htmlFor={ids.target}>Target URL</label>
          <input
            id={ids.target}
            type="url"
            inputMode="url"
            required
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            aria-invalid={byField['/body/target'] !== undefined}
          />
          {byField['/body/target'] && <p className="rq-error">{byField['/body/target']}</p>}
        </div>
      )}
      <div className={formStyles.field}>
        <label htmlFor={ids.tags}>Tags</label>
        <input
          id={ids.tags}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          aria-describedby={ids.tagsHint}
          aria-invalid={tagError !== undefined}
        />
        <span id={ids.tagsHint} className={formStyles.hint}>
          Separated by commas, such as menu, summer.
        </span>
        {tagError && <p className="rq-error">{tagError}</p>}
      </div>
      {code.mode !== 'static' && (
        <LinkControlsFields
          draft={controls}
          onChange={setControls}
          byField={byField}
          defaultTarget={code.mode === 'redirect' ? target : (code.exec?.fallback ?? '')}
          protectedNow={code.passwordProtected === true}
          open={hasControls(code)}
        />
      )}
      {code.mode !== 'static' && (
        <AttributionFields
          draft={attribution}
          onChange={setAttribution}
          byField={byField}
          target={code.mode === 'redirect' ? target : (code.exec?.fallback ?? 'https://example.com/')}
        />
      )}
      <ProblemMessage error={general} />
      <div className={formStyles.row}>
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--secondary button--sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
