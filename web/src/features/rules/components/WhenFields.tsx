import { emptyLeaf } from '@site/src/features/rules/model/ruleModel';
import type { DraftPart } from './draftPart';
import { FieldSentences, sentencesAt } from './fieldErrors';
import LeafEditor from './LeafEditor';
import styles from './Rules.module.css';

/** The conditions: leaves joined by all or any, or JSON text for a shape the leaves cannot show. */
export default function WhenFields({ id, draft, set, errors }: DraftPart) {
  const whenErrors = draft.whenJson === null ? [] : sentencesAt(errors, '/body/when');
  const whenBase = `/body/when/${draft.join}`;
  return (
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
  );
}
