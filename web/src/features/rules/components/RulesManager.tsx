import ConfirmDialog from '@site/src/components/ConfirmDialog';
import ListSection from '@site/src/components/ListSection';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { useRuleList } from '@site/src/features/rules/api/rules';
import type { Rule } from '@site/src/features/rules/model/ruleModel';
import { summaryOf } from '@site/src/features/rules/model/ruleSummary';
import { rq } from '@site/src/lib/api';
import { useAction } from '@site/src/lib/useAction';
import { useId, useState } from 'react';
import RuleForm from './RuleForm';
import styles from './Rules.module.css';
import ScanTestSection from './ScanTestSection';

function RuleItem({
  rule,
  onChanged,
  onDeleted,
  refusalId,
}: {
  rule: Rule;
  onChanged: (rule: Rule) => void;
  onDeleted: (id: string) => void;
  /** The id of the sentence saying why the role may not change rules; Edit and Delete are then disabled. */
  refusalId?: string | undefined;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const { busy, error, run } = useAction();
  const headingId = useId();

  const remove = () =>
    run(async () => {
      await rq.rules.delete({ params: { path: { id: rule.id } } });
      onDeleted(rule.id);
    });

  return (
    <article className={`rq-card ${styles.item}`} aria-labelledby={headingId} data-testid="rule">
      <div className={styles.itemHeader}>
        <h3 id={headingId} className={styles.ruleName}>
          {rule.name}
        </h3>
        <span className={`badge ${rule.enabled ? 'badge--success' : 'badge--secondary'}`}>
          {rule.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      <p className={styles.summary}>{summaryOf(rule)}</p>
      {mode === 'view' && (
        <div className={styles.row}>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={refusalId !== undefined}
            aria-describedby={refusalId}
            onClick={() => setMode('edit')}
          >
            Edit<span className="sr-only"> {rule.name}</span>
          </button>
          <button
            type="button"
            className="button button--danger button--sm"
            disabled={refusalId !== undefined}
            aria-describedby={refusalId}
            onClick={() => setMode('delete')}
          >
            Delete<span className="sr-only"> {rule.name}</span>
          </button>
        </div>
      )}
      {mode === 'edit' && (
        <RuleForm
          rule={rule}
          onCancel={() => setMode('view')}
          onSaved={(saved) => {
            onChanged(saved);
            setMode('view');
          }}
        />
      )}
      {mode === 'delete' && (
        <ConfirmDialog
          label={`Delete ${rule.name}`}
          confirmText="Delete rule"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setMode('view')}
        >
          Delete the rule “{rule.name}”? Every code that has it stops using it.
        </ConfirmDialog>
      )}
      <ProblemMessage error={error} />
    </article>
  );
}

/**
 * The account's rules: create one, then edit or delete each, and test where a scan of a code would
 * go. Codes get rules in the code manager.
 */
export default function RulesManager({
  editRefusal = null,
}: {
  /** Why the workspace role may not create or change rules (a viewer); null when it may. */
  editRefusal?: string | null;
} = {}) {
  const list = useRuleList();
  const [announcement, setAnnouncement] = useState('');
  const refusalId = useId();

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="new-rule-heading">
        <h2 id="new-rule-heading">New rule</h2>
        {editRefusal ? (
          <p id={refusalId} className={styles.hint} data-testid="rules-refusal">
            {editRefusal}
          </p>
        ) : (
          <RuleForm
            onSaved={(rule) => {
              list.prepend(rule);
              setAnnouncement(`Created the rule “${rule.name}”. Assign it to codes in the code manager.`);
            }}
          />
        )}
      </section>
      <ListSection
        id="rules-heading"
        heading="Your rules"
        list={list}
        announcement={announcement}
        loading="Loading your rules…"
        empty={
          <p>
            No rules yet. A rule sends some scans elsewhere: iPhones to the App Store, German speakers to a
            German page, weekday scans to the office.
          </p>
        }
        hintClass={styles.hint}
      >
        <div className={styles.list}>
          {list.items.map((rule) => (
            <RuleItem
              key={rule.id}
              rule={rule}
              onChanged={list.replace}
              refusalId={editRefusal ? refusalId : undefined}
              onDeleted={(id) => {
                list.remove(id);
                setAnnouncement(`Deleted the rule “${rule.name}”.`);
              }}
            />
          ))}
        </div>
      </ListSection>
      <ScanTestSection rules={list.items} />
    </div>
  );
}
