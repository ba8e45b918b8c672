import ProblemMessage from '@site/src/components/ProblemMessage';
import {
  draftOf,
  emptyLeaf,
  emptyRule,
  type Json,
  newKey,
  type Rule,
  type RuleDraft,
  replacingPatch,
  STATUSES,
  thenOf,
  whenOf,
} from '@site/src/features/rules/model/ruleModel';
import { ApiError, apiRequest } from '@site/src/lib/api';
import { type FormEvent, useId, useState } from 'react';
import { FieldSentences, fieldErrorsOf, sentencesAt, unplacedErrors } from './fieldErrors';
import LeafEditor from './LeafEditor';
import styles from './Rules.module.css';

/**
 * Creates a rule (POST /rules) or changes one (PATCH /rules/{id}, sent so that it replaces the
 * conditions and the action): a name, conditions joined by all or any, and the action. The API
 * checks it; each of its field problems is shown at the condition or field it names.
 */
export default function RuleForm({
  rule,
  onSaved,
  onCancel,
}: {
  rule?: Rule;
  onSaved: (rule: Rule) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule) : emptyRule()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const id = useId();
  const set = (changes: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const errors = fieldErrorsOf(error);
  const whenBase = `/body/when/${draft.join}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const when = whenOf(draft);
    if ('error' in when) {
      setError(
        new ApiError(400, 'validation_failed', when.error, [
          { path: '/body/when', message: 'is not valid JSON' },
        ]),
      );
      return;
    }
    const then = thenOf(draft);
    setBusy(true);
    setError(null);
    try {
      const saved = rule
        ? await apiRequest<Rule>('PATCH', `/rules/${rule.id}`, {
            name: draft.name.trim(),
            enabled: draft.enabled,
            when: when.when === null ? null : replacingPatch(rule.when as Json, when.when),
            then: replacingPatch(rule.then as Json, then),
          })
        : await apiRequest<Rule>('POST', '/rules', {
            name: draft.name.trim(),
            enabled: draft.enabled,
            ...(when.when === null ? {} : { when: when.when }),
            then,
          });
      onSaved(saved);
      if (!rule) setDraft(emptyRule());
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const nameErrors = sentencesAt(errors, '/body/name');
  const whenErrors = draft.whenJson === null ? [] : sentencesAt(errors, '/body/when');
  const leafPaths = draft.leaves.map((_, i) => `${whenBase}/${i}`);
  const actionPaths =
    draft.action === 'redirect' ? ['/body/then/redirect'] : ['/body/then/split', '/body/then/sticky'];
  const placed = [
    '/body/name',
    ...(draft.whenJson === null ? leafPaths : ['/body/when']),
    ...actionPaths,
    '/body/then/status',
    '/body/then/passQuery',
  ];
  const rest = unplacedErrors(errors, placed);
  const restError =
    error instanceof ApiError && errors.length > 0
      ? rest.length > 0
        ? new ApiError(error.status, error.code, error.detail, rest)
        : null
      : error;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      aria-label={rule ? `Edit ${rule.name}` : 'New rule'}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={draft.name}
          required
          maxLength={200}
          placeholder="iPhones to the App Store"
          onChange={(event) => set({ name: event.target.value })}
          aria-invalid={nameErrors.length > 0}
          aria-describedby={`${id}-name-error`}
        />
        <FieldSentences id={`${id}-name-error`} sentences={nameErrors} />
      </div>
      <label className={styles.inline}>
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />{' '}
        Enabled
      </label>

      <fieldset className={styles.group}>
        <legend>When</legend>
        {draft.whenJson !== null ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-when`}>Conditions as JSON (nested combinators are edited here)</label>
            <textarea
              id={`${id}-when`}
              rows={8}
              value={draft.whenJson}
              onChange={(event) => set({ whenJson: event.target.value })}
              aria-invalid={whenErrors.length > 0}
              aria-describedby={`${id}-when-error`}
            />
            <FieldSentences id={`${id}-when-error`} sentences={whenErrors} />
          </div>
        ) : (
          <>
            {draft.leaves.length === 0 ? (
              <p className={styles.hint}>No conditions: the rule matches every scan.</p>
            ) : (
              <label className={styles.inline}>
                Match{' '}
                <select
                  value={draft.join}
                  onChange={(event) => set({ join: event.target.value as 'all' | 'any' })}
                >
                  <option value="all">all of these conditions</option>
                  <option value="any">any of these conditions</option>
                </select>
              </label>
            )}
            {draft.leaves.map((leaf, index) => (
              <LeafEditor
                key={leaf.key}
                leaf={leaf}
                index={index}
                errors={sentencesAt(errors, `${whenBase}/${index}`)}
                onChange={(changed) =>
                  set({ leaves: draft.leaves.map((l) => (l.key === leaf.key ? changed : l)) })
                }
                onRemove={() => set({ leaves: draft.leaves.filter((l) => l.key !== leaf.key) })}
              />
            ))}
            <div>
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => set({ leaves: [...draft.leaves, emptyLeaf()] })}
              >
                Add a condition
              </button>
            </div>
          </>
        )}
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Then</legend>
        <div className={styles.row} role="radiogroup" aria-label="Action">
          <label className={styles.inline}>
            <input
              type="radio"
              name={`${id}-action`}
              checked={draft.action === 'redirect'}
              onChange={() => set({ action: 'redirect' })}
            />{' '}
            Redirect to one URL
          </label>
          <label className={styles.inline}>
            <input
              type="radio"
              name={`${id}-action`}
              checked={draft.action === 'split'}
              onChange={() => set({ action: 'split' })}
            />{' '}
            Split between URLs (A/B test)
          </label>
        </div>
        {draft.action === 'redirect' ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-redirect`}>Redirect URL</label>
            <input
              id={`${id}-redirect`}
              value={draft.redirect}
              inputMode="url"
              placeholder="https://apps.apple.com/app/id1?c={country}"
              onChange={(event) => set({ redirect: event.target.value })}
              aria-invalid={sentencesAt(errors, '/body/then/redirect').length > 0}
              aria-describedby={`${id}-redirect-error`}
            />
            <span className={styles.hint}>
              May use {'{slug}'}, {'{country}'}, {'{lang}'} and {'{query.NAME}'}.
            </span>
            <FieldSentences
              id={`${id}-redirect-error`}
              sentences={sentencesAt(errors, '/body/then/redirect')}
            />
          </div>
        ) : (
          <div className={styles.split}>
            {draft.split.map((target, index) => {
              const targetErrors = sentencesAt(errors, `/body/then/split/${index}`);
              return (
                <div key={target.key} className={styles.row}>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-split-${target.key}-url`}>URL {index + 1}</label>
                    <input
                      id={`${id}-split-${target.key}-url`}
                      value={target.url}
                      inputMode="url"
                      onChange={(event) =>
                        set({
                          split: draft.split.map((t) =>
                            t.key === target.key ? { ...t, url: event.target.value } : t,
                          ),
                        })
                      }
                      aria-invalid={targetErrors.length > 0}
                    />
                  </div>
                  <div className={`${styles.field} ${styles.weight}`}>
                    <label htmlFor={`${id}-split-${target.key}-weight`}>Weight %</label>
                    <input
                      id={`${id}-split-${target.key}-weight`}
                      value={target.weight}
                      inputMode="numeric"
                      onChange={(event) =>
                        set({
                          split: draft.split.map((t) =>
                            t.key === target.key ? { ...t, weight: event.target.value } : t,
                          ),
                        })
                      }
                      aria-invalid={targetErrors.length > 0}
                    />
                  </div>
                  <button
                    type="button"
                    className="button button--secondary button--sm"
                    disabled={draft.split.length <= 1}
                    onClick={() => set({ split: draft.split.filter((t) => t.key !== target.key) })}
                  >
                    Remove<span className="sr-only"> URL {index + 1}</span>
                  </button>
                  <FieldSentences sentences={targetErrors} />
                </div>
              );
            })}
            <div className={styles.row}>
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => set({ split: [...draft.split, { key: newKey(), url: '', weight: '0' }] })}
              >
                Add a URL
              </button>
              <label className={styles.inline}>
                <input
                  type="checkbox"
                  checked={draft.sticky}
                  onChange={(event) => set({ sticky: event.target.checked })}
                />{' '}
                Sticky (a scanner keeps their URL)
              </label>
            </div>
            <FieldSentences
              sentences={[
                ...errorsExactly(errors, '/body/then/split'),
                ...sentencesAt(errors, '/body/then/sticky'),
              ]}
            />
          </div>
        )}
        <div className={styles.row}>
          <label className={styles.inline}>
            Status{' '}
            <select value={draft.status} onChange={(event) => set({ status: Number(event.target.value) })}>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.inline}>
            <input
              type="checkbox"
              checked={draft.passQuery}
              onChange={(event) => set({ passQuery: event.target.checked })}
            />{' '}
            Pass the scan’s query on
          </label>
        </div>
        <FieldSentences
          sentences={[
            ...sentencesAt(errors, '/body/then/status'),
            ...sentencesAt(errors, '/body/then/passQuery'),
          ]}
        />
      </fieldset>

      <ProblemMessage error={restError} />
      <div className={styles.row}>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : rule ? 'Save rule' : 'Create rule'}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Problems about the split as a whole (weights that do not sum to 100), not one of its URLs. */
function errorsExactly(errors: ReturnType<typeof fieldErrorsOf>, path: string): string[] {
  return errors.filter((error) => error.path === path).map((error) => `The split ${error.message}.`);
}
