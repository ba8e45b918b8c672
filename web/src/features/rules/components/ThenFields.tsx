import Checkbox from '@site/src/components/Checkbox';
import { STATUSES } from '@site/src/features/rules/model/ruleModel';
import type { DraftPart } from './draftPart';
import { FieldSentences, sentencesAt } from './fieldErrors';
import styles from './Rules.module.css';
import SplitTargets from './SplitTargets';

/** The action: one redirect URL or a split, the status and whether the query is passed on. */
export default function ThenFields({ id, draft, set, errors }: DraftPart) {
  return (
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
        <SplitTargets id={id} draft={draft} set={set} errors={errors} />
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
        <Checkbox
          className={styles.inline}
          checked={draft.passQuery}
          onChange={(ticked) => set({ passQuery: ticked })}
        >
          Pass the scan’s query on
        </Checkbox>
      </div>
      <FieldSentences
        sentences={[
          ...sentencesAt(errors, '/body/then/status'),
          ...sentencesAt(errors, '/body/then/passQuery'),
        ]}
      />
    </fieldset>
  );
}
