import Checkbox from '@site/src/components/Checkbox';
import { newKey } from '@site/src/features/rules/model/ruleModel';
import type { DraftPart } from './draftPart';
import { FieldSentences, type fieldErrorsOf, sentencesAt } from './fieldErrors';
import styles from './Rules.module.css';

/** A split's URLs with their weights (an A/B test), and whether a scanner keeps their URL. */
export default function SplitTargets({ id, draft, set, errors }: DraftPart) {
  return (
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
        <Checkbox
          className={styles.inline}
          checked={draft.sticky}
          onChange={(ticked) => set({ sticky: ticked })}
        >
          Sticky (a scanner keeps their URL)
        </Checkbox>
      </div>
      <FieldSentences
        sentences={[
          ...errorsExactly(errors, '/body/then/split'),
          ...sentencesAt(errors, '/body/then/sticky'),
        ]}
      />
    </div>
  );
}

/** Problems about the split as a whole (weights that do not sum to 100), not one of its URLs. */
function errorsExactly(errors: ReturnType<typeof fieldErrorsOf>, path: string): string[] {
  return errors.filter((error) => error.path === path).map((error) => `The split ${error.message}.`);
}
