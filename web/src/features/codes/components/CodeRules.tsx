import Link from '@docusaurus/Link';
import type { QrCode } from '@site/src/api/codes';
import ExperimentPanel from '@site/src/components/conversions/ExperimentPanel';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { type RuleSummary, splits } from '@site/src/features/codes/api/codes';
import { rq } from '@site/src/lib/api';
import { useAction } from '@site/src/lib/useAction';
import { type DragEvent, useId, useState } from 'react';
import styles from './Codes.module.css';

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The rules of one redirect code, in evaluation order (the first that matches decides): add from
 * the account's rules, order by drag or by the buttons, remove, then save (PUT /qrcodes/{id}/rules).
 * Each saved split rule shows its experiment below the list.
 */
export default function CodeRules({
  code,
  rules,
  onSaved,
  editRefusal = null,
}: {
  code: QrCode;
  rules: readonly RuleSummary[];
  onSaved: (ruleIds: string[]) => void;
  /** Why the workspace role may not change codes and rules (a viewer); null when it may. */
  editRefusal?: string | null;
}) {
  const [draft, setDraft] = useState<string[]>(code.rules);
  const [adding, setAdding] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const { busy, error, run } = useAction();
  const [status, setStatus] = useState('');
  const selectId = useId();

  if (code.mode !== 'redirect') {
    return <p className={formStyles.hint}>Rules apply to redirect codes only.</p>;
  }

  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  const available = rules.filter((rule) => !draft.includes(rule.id));
  const dirty = draft.join() !== code.rules.join();

  const reorder = (from: number, to: number) => {
    if (to < 0 || to >= draft.length) return;
    setDraft(move(draft, from, to));
    setStatus(`${nameOf(draft[from] ?? '')} moved to position ${to + 1}.`);
  };

  const save = () =>
    run(async () => {
      const answer = await rq.qrcodes.setRules({
        params: { path: { id: code.id } },
        body: { rules: [...draft] },
      });
      setDraft(answer.rules);
      onSaved(answer.rules);
      setStatus('Rules saved.');
    });

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) reorder(dragged, index);
    setDragged(null);
  };

  return (
    <div className={styles.rules}>
      {draft.length === 0 ? (
        <p className={formStyles.hint}>No rules: every scan goes to the target.</p>
      ) : (
        <ol className={styles.ruleList} aria-label={`Rules of ${code.slug}, first match wins`}>
          {draft.map((id, index) => (
            <li
              key={id}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              className={dragged === index ? styles.dragging : undefined}
              data-testid="assigned-rule"
            >
              <span className={styles.dragHandle} aria-hidden="true">
                ⠿
              </span>
              <span className={styles.ruleName}>
                {nameOf(id)}
                {byId.get(id)?.enabled === false && <span className={formStyles.hint}> (disabled)</span>}
              </span>
              <span className={formStyles.row}>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  disabled={index === 0}
                  onClick={() => reorder(index, index - 1)}
                  aria-label={`Move ${nameOf(id)} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  disabled={index === draft.length - 1}
                  onClick={() => reorder(index, index + 1)}
                  aria-label={`Move ${nameOf(id)} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => setDraft(draft.filter((rule) => rule !== id))}
                  aria-label={`Remove ${nameOf(id)}`}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {rules.length === 0 ? (
        <p className={formStyles.hint}>
          You have no rules yet: <Link to="/rules">create one</Link>.
        </p>
      ) : (
        available.length > 0 && (
          <div className={formStyles.row}>
            <label htmlFor={selectId} className="sr-only">
              Rule to add
            </label>
            <select id={selectId} value={adding} onChange={(event) => setAdding(event.target.value)}>
              <option value="">Choose a rule to add…</option>
              {available.map((rule) => (
                <option key={rule.id} value={rule.id}>
                  {rule.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={adding === ''}
              onClick={() => {
                setDraft([...draft, adding]);
                setAdding('');
              }}
            >
              Add rule
            </button>
          </div>
        )
      )}
      {dirty && (
        <div className={formStyles.row}>
          <button
            type="button"
            className="button button--primary button--sm"
            disabled={busy}
            onClick={() => void save()}
          >
            {busy ? 'Saving…' : 'Save rules'}
          </button>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={busy}
            onClick={() => setDraft(code.rules)}
          >
            Undo changes
          </button>
        </div>
      )}
      <ProblemMessage error={error} />
      <p role="status" className="sr-only">
        {status}
      </p>
      {code.rules
        .filter((id) => splits(byId.get(id)))
        .map((id) => (
          <ExperimentPanel key={id} ruleId={id} ruleName={nameOf(id)} keepRefusal={editRefusal} />
        ))}
    </div>
  );
}
