import Checkbox from '@site/src/components/Checkbox';
import ProblemMessage from '@site/src/components/ProblemMessage';
import {
  draftOf,
  emptyRule,
  type Rule,
  type RuleDraft,
  replacingPatch,
  thenOf,
  whenOf,
} from '@site/src/features/rules/model/ruleModel';
import { ApiError, rq } from '@site/src/lib/api';
import { type FormEvent, useId, useState } from 'react';
import { FieldSentences, fieldErrorsOf, sentencesAt, unplacedErrors } from './fieldErrors';
import styles from './Rules.module.css';
import ThenFields from './ThenFields';
import WhenFields from './WhenFields';

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
        new ApiError(400, {
          code: 'validation_failed',
          detail: when.error,
          errors: [{ path: '/body/when', message: 'is not valid JSON' }],
        }),
      );
      return;
    }
    const then = thenOf(draft);
    setBusy(true);
    setError(null);
    try {
      const name = draft.name.trim();
      const saved = rule
        ? await rq.rules.update({
            params: { path: { id: rule.id } },
            body: {
              name,
              enabled: draft.enabled,
              when: when.when === null ? null : replacingPatch(rule.when, when.when),
              then: replacingPatch(rule.then, then),
            },
          })
        : await rq.rules.create({
            body: { name, enabled: draft.enabled, ...(when.when === null ? {} : { when: when.when }), then },
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
        ? new ApiError(error.status, { ...error.problem, errors: rest })
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
      <Checkbox
        className={styles.inline}
        checked={draft.enabled}
        onChange={(ticked) => set({ enabled: ticked })}
      >
        Enabled
      </Checkbox>

      <WhenFields id={id} draft={draft} set={set} errors={errors} />
      <ThenFields id={id} draft={draft} set={set} errors={errors} />
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
