import formStyles from '@site/src/components/Form.module.css';
import { useId } from 'react';
import { emptyRule, fieldPath, RULE_LEAVES, type RuleDraft, type RuleLeaf } from '../model/itemDraft';
import styles from './Gs1.module.css';

/**
 * The item's rules, first match wins: each a condition on the phone (in words, or any condition of
 * the rules API as JSON) and the link of the item it picks. A rule only picks among the links a scan
 * is answered from (the link type asked for, at the level that answers): it never changes the link
 * type, and never a linkset.
 */
export default function ItemRulesEditor({
  rules,
  links,
  errors,
  onChange,
}: {
  rules: RuleDraft[];
  /** The item's links by href, as a rule names them. */
  links: ReadonlyArray<{ href: string; label: string }>;
  errors: Readonly<Record<string, string>>;
  onChange: (rules: RuleDraft[]) => void;
}) {
  const id = useId();
  const set = (index: number, change: Partial<RuleDraft>) =>
    onChange(rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)));
  return (
    <section aria-label="Rules of the item">
      <h3>Rules</h3>
      <p className={formStyles.hint}>
        First match wins. A rule picks one of the item's links when that link is among those a scan is
        answered from (the link type asked for, at the level that answers); it never changes the link type,
        and the linkset stays as it is.
      </p>
      {rules.map((rule, index) => {
        const base = `${id}-${rule.key}`;
        const whenError = Object.entries(errors)
          .filter(([path]) => path.startsWith(fieldPath('rules', index, 'when')))
          .map(([, message]) => message)
          .join('; ');
        const hrefError = errors[fieldPath('rules', index, 'href')];
        const example = RULE_LEAVES.find((leaf) => leaf.leaf === rule.leaf)?.example;
        return (
          <fieldset key={rule.key} className={styles.level} data-testid="gs1-rule">
            <legend>Rule {index + 1}</legend>
            <div className={formStyles.row}>
              <div className={formStyles.field}>
                <label htmlFor={`${base}-leaf`}>When</label>
                <select
                  id={`${base}-leaf`}
                  value={rule.leaf}
                  onChange={(event) => set(index, { leaf: event.target.value as RuleLeaf })}
                >
                  {RULE_LEAVES.map((leaf) => (
                    <option key={leaf.leaf} value={leaf.leaf}>
                      {leaf.label}
                    </option>
                  ))}
                  <option value="json">Any condition (JSON)</option>
                </select>
              </div>
              {rule.leaf === 'json' ? (
                <div className={formStyles.field}>
                  <label htmlFor={`${base}-json`}>Condition</label>
                  <textarea
                    id={`${base}-json`}
                    value={rule.json}
                    rows={3}
                    spellCheck={false}
                    placeholder='{ "all": [{ "os": ["ios"] }, { "country": ["DE"] }] }'
                    onChange={(event) => set(index, { json: event.target.value })}
                    aria-invalid={whenError ? true : undefined}
                  />
                </div>
              ) : (
                <div className={formStyles.field}>
                  <label htmlFor={`${base}-values`}>Values</label>
                  <input
                    id={`${base}-values`}
                    value={rule.values}
                    spellCheck={false}
                    placeholder={example}
                    onChange={(event) => set(index, { values: event.target.value })}
                    aria-invalid={whenError ? true : undefined}
                  />
                </div>
              )}
              <div className={formStyles.field}>
                <label htmlFor={`${base}-href`}>Send to</label>
                <select
                  id={`${base}-href`}
                  value={rule.href}
                  onChange={(event) => set(index, { href: event.target.value })}
                  aria-invalid={hrefError ? true : undefined}
                >
                  <option value="">Choose a link of the item</option>
                  {links.map((link) => (
                    <option key={link.href} value={link.href}>
                      {link.label}
                    </option>
                  ))}
                  {rule.href !== '' && !links.some((link) => link.href === rule.href) && (
                    <option value={rule.href}>{rule.href} (not a link of the item)</option>
                  )}
                </select>
              </div>
            </div>
            {whenError && <p className="rq-error">{whenError}</p>}
            {hrefError && <p className="rq-error">{hrefError}</p>}
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => onChange(rules.filter((_, i) => i !== index))}
            >
              Remove rule {index + 1}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() => onChange([...rules, emptyRule(links[0]?.href ?? '')])}
      >
        Add a rule
      </button>
    </section>
  );
}
