import formStyles from '@site/src/components/Form.module.css';
import LinkControlsFields from '@site/src/components/linkControls/LinkControlsFields';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { ApiError } from '@site/src/lib/api';
import { type FormEvent, useId, useState } from 'react';
import {
  checkDigit,
  draftProblems,
  emptyItem,
  emptyLevel,
  fieldPath,
  gtin14,
  type ItemDraft,
  type LevelDraft,
  levelName,
  linkChoices,
  PREFIX_KEYS,
  PRIMARY_KEYS,
  qualifiersOf,
} from '../model/itemDraft';
import styles from './Gs1.module.css';
import ItemRulesEditor from './ItemRulesEditor';
import LinksEditor from './LinksEditor';

/** The API's field problems by path, each shown beside its field. */
function problemsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const byPath: Record<string, string> = {};
  for (const { path, message } of error.errors) {
    byPath[path] = byPath[path] ? `${byPath[path]}; ${message}` : message;
  }
  return byPath;
}

/** The link controls' problems as the shared fields name them ('/body/controls/x' is their '/body/x'). */
function controlProblems(errors: Record<string, string>): Record<string, string> {
  const prefix = fieldPath('controls');
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(`${prefix}/`))
      .map(([path, message]) => [`/body${path.slice(prefix.length)}`, message]),
  );
}

/** Under a GTIN that is not 14 digits, or whose last digit is not its check digit: what it should be. */
function gtinHint(ai: string, value: string): string {
  if (ai !== '01' || value.trim() === '') return '';
  const digits = gtin14(value);
  if (!/^\d{14}$/.test(digits)) return 'A GTIN is 14 digits (8, 12 and 13 digits are padded with zeros).';
  const expected = checkDigit(digits.slice(0, 13));
  return Number(digits[13]) === expected ? '' : `The check digit of this GTIN would be ${expected}.`;
}

/**
 * Registers or changes a GS1 item: its primary key (a GTIN by default, or a company prefix covering
 * SSCCs, GRAIs or GIAIs) and host, its links by type, language and context, its lot and serial
 * levels, each with links of its own, its rules and its link controls. A lot or serial written
 * '{lotnumber}' / '{serialnumber}' covers every value, and links may use it; a prefix's links use
 * '{1}' for the rest of the key.
 */
export default function ItemForm({
  initial,
  hostnames,
  editing,
  submitLabel,
  onSubmit,
  protectedNow = false,
}: {
  initial: ItemDraft;
  /** Whether the stored item has a password (never shown back). */
  protectedNow?: boolean;
  /** The workspace's verified hostnames, which an item may answer on instead of our hosts. */
  hostnames: readonly string[];
  /** The primary key of a stored item does not change. */
  editing: boolean;
  submitLabel: string;
  onSubmit: (draft: ItemDraft) => Promise<void>;
}) {
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Problems found before sending (a rule's JSON that does not parse), shown as the API's are.
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const id = useId();
  const errors = { ...problemsOf(error), ...draftErrors };
  // An item that has link controls shows them open, as a code's form does.
  const [open] = useState(() => JSON.stringify(initial.controls) !== JSON.stringify(emptyItem().controls));
  const set = (change: Partial<ItemDraft>) => setDraft((old) => ({ ...old, ...change }));
  const setLevel = (index: number, change: Partial<LevelDraft>) =>
    set({ levels: draft.levels.map((level, i) => (i === index ? { ...level, ...change } : level)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = draftProblems(draft);
    setDraftErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({ ...draft, value: draft.ai === '01' ? gtin14(draft.value) : draft.value });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const keyError = errors[fieldPath('primaryKey')] ?? errors[fieldPath('primaryKey', 'value')];
  const canPrefix = PREFIX_KEYS.has(draft.ai);
  const isPrefix = canPrefix && draft.prefix;
  const hint = isPrefix
    ? 'The company prefix: every key that starts with it answers with these links; {1} in a link is the rest of the key.'
    : gtinHint(draft.ai, draft.value);
  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} aria-label={submitLabel}>
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-ai`}>Key</label>
          <select
            id={`${id}-ai`}
            value={draft.ai}
            disabled={editing}
            onChange={(event) => set({ ai: event.target.value })}
          >
            {PRIMARY_KEYS.map((key) => (
              <option key={key.ai} value={key.ai}>
                {key.label}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-value`}>{isPrefix ? 'Company prefix' : 'Value'}</label>
          <input
            id={`${id}-value`}
            value={draft.value}
            readOnly={editing}
            required
            spellCheck={false}
            inputMode={draft.ai === '01' ? 'numeric' : undefined}
            placeholder={PRIMARY_KEYS.find((key) => key.ai === draft.ai)?.example}
            onChange={(event) => set({ value: event.target.value })}
            aria-invalid={keyError ? true : undefined}
            aria-describedby={`${id}-value-hint`}
          />
          <p id={`${id}-value-hint`} className={keyError ? 'rq-error' : formStyles.hint}>
            {keyError ?? hint}
          </p>
          {canPrefix && (
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.prefix}
                disabled={editing}
                onChange={(event) => set({ prefix: event.target.checked })}
              />{' '}
              Cover every key with this company prefix (the rest filled in)
            </label>
          )}
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-host`}>Answers on</label>
          <select
            id={`${id}-host`}
            value={draft.hostname}
            onChange={(event) => set({ hostname: event.target.value })}
          >
            <option value="">Our hosts</option>
            {hostnames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {errors[fieldPath('hostname')] && <p className="rq-error">{errors[fieldPath('hostname')]}</p>}
        </div>
      </div>
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-description`}>Description</label>
          <input
            id={`${id}-description`}
            value={draft.itemDescription}
            placeholder="Dal Giardino Medicinal Compound 50 x 200mg Capsules"
            onChange={(event) => set({ itemDescription: event.target.value })}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-default`}>Default link type</label>
          <input
            id={`${id}-default`}
            value={draft.defaultLinkType}
            spellCheck={false}
            aria-describedby={`${id}-default-hint`}
            onChange={(event) => set({ defaultLinkType: event.target.value })}
          />
          <p id={`${id}-default-hint`} className={formStyles.hint}>
            A scan that asks for no link type gets a link of this type.
          </p>
        </div>
      </div>

      <section aria-label="Links of the item">
        <h3>Links</h3>
        <LinksEditor
          links={draft.links}
          onChange={(links) => set({ links })}
          base={fieldPath('links')}
          errors={errors}
          label="The item itself"
        />
      </section>

      <section aria-label="Lots and serials">
        <h3>Lots and serials</h3>
        <p className={formStyles.hint}>
          A level answers scans of its lot and/or serial with its own links; a scan of a lot or serial with no
          level of its own (or without the link type asked for) gets the item's links. Write{' '}
          <code>{'{lotnumber}'}</code> or <code>{'{serialnumber}'}</code> to cover every value, and use it in
          a link: <code>{'https://example.com/recall?lot={lotnumber}'}</code>.
        </p>
        {draft.levels.map((level, index) => {
          const base = fieldPath('levels', index);
          const name = levelName(qualifiersOf(level));
          const qualifierError = Object.entries(errors)
            .filter(([path]) => path.startsWith(`${base}/qualifiers`))
            .map(([, message]) => message)
            .join('; ');
          return (
            <fieldset key={level.key} className={styles.level}>
              <legend>Level {index + 1}</legend>
              <div className={formStyles.row}>
                <div className={formStyles.field}>
                  <label htmlFor={`${id}-${level.key}-lot`}>Lot (10)</label>
                  <input
                    id={`${id}-${level.key}-lot`}
                    value={level.lot}
                    spellCheck={false}
                    placeholder="LOT01 or {lotnumber}"
                    onChange={(event) => setLevel(index, { lot: event.target.value })}
                    aria-invalid={qualifierError ? true : undefined}
                  />
                </div>
                <div className={formStyles.field}>
                  <label htmlFor={`${id}-${level.key}-serial`}>Serial (21)</label>
                  <input
                    id={`${id}-${level.key}-serial`}
                    value={level.serial}
                    spellCheck={false}
                    placeholder="optional, or {serialnumber}"
                    onChange={(event) => setLevel(index, { serial: event.target.value })}
                    aria-invalid={qualifierError ? true : undefined}
                  />
                </div>
                <div className={formStyles.field}>
                  <label htmlFor={`${id}-${level.key}-default`}>Default link type</label>
                  <input
                    id={`${id}-${level.key}-default`}
                    value={level.defaultLinkType}
                    spellCheck={false}
                    aria-describedby={`${id}-${level.key}-default-hint`}
                    onChange={(event) => setLevel(index, { defaultLinkType: event.target.value })}
                  />
                  <p id={`${id}-${level.key}-default-hint`} className={formStyles.hint}>
                    Empty: a plain scan of this level gets the item's default link.
                  </p>
                </div>
              </div>
              {qualifierError && <p className="rq-error">{qualifierError}</p>}
              <LinksEditor
                links={level.links}
                onChange={(links) => setLevel(index, { links })}
                base={`${base}/links`}
                errors={errors}
                label={name === 'The item itself' ? `Level ${index + 1}` : name}
              />
              <div className={formStyles.row}>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => set({ levels: draft.levels.filter((_, i) => i !== index) })}
                >
                  Remove level {index + 1}
                </button>
              </div>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => set({ levels: [...draft.levels, emptyLevel(draft.defaultLinkType)] })}
        >
          Add a lot or serial level
        </button>
      </section>

      <ItemRulesEditor
        rules={draft.rules}
        links={linkChoices(draft)}
        errors={errors}
        onChange={(rules) => set({ rules })}
      />

      <LinkControlsFields
        draft={draft.controls}
        onChange={(controls) => set({ controls })}
        byField={controlProblems(errors)}
        defaultTarget={draft.links[0]?.href ?? ''}
        protectedNow={protectedNow}
        open={open}
        apps={false}
        utmHint="Added to every link a scan of the item is sent to (also one a rule picks) as utm_source and so on, unless the link already has that parameter; not to the linkset, which describes the item."
      />

      {/* Every problem once more under the form (each field's is also beside it): a summary to read. */}
      <ProblemMessage error={error} />
      <div className={formStyles.row}>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
