import { apiRequest } from '@site/src/lib/api';
import { useCallback, useEffect, useId, useState } from 'react';
import ProblemMessage from '../apiKeys/ProblemMessage';
import ConfirmDialog from '../ConfirmDialog';
import RuleForm from './RuleForm';
import styles from './Rules.module.css';
import type { Rule } from './ruleModel';
import { summaryOf } from './ruleSummary';

interface RulePage {
  data: Rule[];
  nextCursor: string | null;
}

function RuleItem({
  rule,
  onChanged,
  onDeleted,
}: {
  rule: Rule;
  onChanged: (rule: Rule) => void;
  onDeleted: (id: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const headingId = useId();

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiRequest('DELETE', `/rules/${rule.id}`);
      onDeleted(rule.id);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

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
            onClick={() => setMode('edit')}
          >
            Edit<span className="sr-only"> {rule.name}</span>
          </button>
          <button
            type="button"
            className="button button--danger button--sm"
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

/** The account's rules: create one, then edit or delete each. Codes get rules in the code manager. */
export default function RulesManager() {
  const [rules, setRules] = useState<Rule[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');

  const load = useCallback(async (after: string | null) => {
    setLoading(true);
    setError(null);
    try {
      const query = after ? `?limit=50&cursor=${encodeURIComponent(after)}` : '?limit=50';
      const page = await apiRequest<RulePage>('GET', `/rules${query}`);
      setRules((current) => (after ? [...current, ...page.data] : page.data));
      setCursor(page.nextCursor);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="new-rule-heading">
        <h2 id="new-rule-heading">New rule</h2>
        <RuleForm
          onSaved={(rule) => {
            setRules((current) => [rule, ...current]);
            setAnnouncement(`Created the rule “${rule.name}”. Assign it to codes in the code manager.`);
          }}
        />
      </section>
      <section aria-labelledby="rules-heading">
        <h2 id="rules-heading">Your rules</h2>
        <p role="status" className={styles.hint}>
          {announcement}
        </p>
        {error !== null && (
          <div>
            <ProblemMessage error={error} />
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void load(null)}
            >
              Try loading again
            </button>
          </div>
        )}
        {loading && rules.length === 0 && <p className={styles.hint}>Loading your rules…</p>}
        {!loading && error === null && rules.length === 0 && (
          <p>
            No rules yet. A rule sends some scans elsewhere: iPhones to the App Store, German speakers to a
            German page, weekday scans to the office.
          </p>
        )}
        <div className={styles.list}>
          {rules.map((rule) => (
            <RuleItem
              key={rule.id}
              rule={rule}
              onChanged={(changed) =>
                setRules((current) => current.map((r) => (r.id === changed.id ? changed : r)))
              }
              onDeleted={(id) => {
                setRules((current) => current.filter((r) => r.id !== id));
                setAnnouncement(`Deleted the rule “${rule.name}”.`);
              }}
            />
          ))}
        </div>
        {cursor && !loading && (
          <button type="button" className="button button--secondary" onClick={() => void load(cursor)}>
            Load more
          </button>
        )}
      </section>
    </div>
  );
}
