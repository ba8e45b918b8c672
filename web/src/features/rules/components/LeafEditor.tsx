import Checkbox from '@site/src/components/Checkbox';
import {
  BROWSERS,
  DEVICES,
  emptyLeaf,
  LEAF_KINDS,
  type LeafDraft,
  type LeafKind,
  OSES,
} from '@site/src/features/rules/model/ruleModel';
import { useId } from 'react';
import { FieldSentences } from './fieldErrors';
import styles from './Rules.module.css';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const CHOICES: Partial<Record<LeafKind, readonly string[]>> = {
  device: DEVICES,
  os: OSES,
  browser: BROWSERS,
};
const TEXT_HINTS: Partial<Record<LeafKind, [string, string]>> = {
  language: ['Language tags, separated by commas', 'de, fr-CH'],
  country: ['Country codes (ISO 3166-1 alpha-2), separated by commas', 'DE, AT, CH'],
  hostname: ['Hostnames the code is scanned on, separated by commas', 'qr.example.com'],
  referrer: ['Referrer hosts, separated by commas (subdomains match too)', 'instagram.com'],
  ip: ['Addresses or CIDRs, IPv4 or IPv6, separated by commas', '203.0.113.0/24, 2001:db8::/32'],
};

/** One condition of a rule: its kind, whether it is negated, and a form for its value. */
export default function LeafEditor({
  leaf,
  index,
  errors,
  onChange,
  onRemove,
}: {
  leaf: LeafDraft;
  index: number;
  errors: string[];
  onChange: (leaf: LeafDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const set = (changes: Partial<LeafDraft>) => onChange({ ...leaf, ...changes });
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  const described = invalid ? errorId : undefined;
  const choices = CHOICES[leaf.kind];
  const textHint = TEXT_HINTS[leaf.kind];

  return (
    <fieldset className={styles.leaf} data-testid="condition" aria-invalid={invalid}>
      <legend>Condition {index + 1}</legend>
      <div className={styles.row}>
        <label className={styles.inline}>
          <span className="sr-only">Kind of condition {index + 1}</span>
          <select
            value={leaf.kind}
            onChange={(event) =>
              onChange({ ...emptyLeaf(event.target.value as LeafKind), key: leaf.key, negate: leaf.negate })
            }
          >
            {Object.entries(LEAF_KINDS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Checkbox
          className={styles.inline}
          checked={leaf.negate}
          onChange={(ticked) => set({ negate: ticked })}
        >
          Not (matches when this does not)
        </Checkbox>
        <button type="button" className="button button--secondary button--sm" onClick={onRemove}>
          Remove<span className="sr-only"> condition {index + 1}</span>
        </button>
      </div>

      {choices && (
        <fieldset className={styles.choices} aria-describedby={described}>
          <legend className="sr-only">{LEAF_KINDS[leaf.kind]}</legend>
          {choices.map((choice) => (
            <Checkbox
              key={choice}
              className={styles.inline}
              checked={leaf.list.includes(choice)}
              onChange={(ticked) =>
                set({ list: ticked ? [...leaf.list, choice] : leaf.list.filter((c) => c !== choice) })
              }
            >
              {choice}
            </Checkbox>
          ))}
        </fieldset>
      )}

      {textHint && (
        <div className={styles.field}>
          <label htmlFor={`${id}-text`}>{textHint[0]}</label>
          <input
            id={`${id}-text`}
            value={leaf.text}
            placeholder={textHint[1]}
            onChange={(event) => set({ text: event.target.value })}
            aria-invalid={invalid}
            aria-describedby={described}
          />
        </div>
      )}

      {(leaf.kind === 'time' || leaf.kind === 'date') && (
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              value={leaf.from}
              placeholder={leaf.kind === 'time' ? '09:00' : '2026-12-01'}
              onChange={(event) => set({ from: event.target.value })}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              value={leaf.to}
              placeholder={leaf.kind === 'time' ? '17:00' : '2026-12-31'}
              onChange={(event) => set({ to: event.target.value })}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-tz`}>Time zone</label>
            <input
              id={`${id}-tz`}
              value={leaf.timeZone}
              placeholder="Europe/Berlin"
              onChange={(event) => set({ timeZone: event.target.value })}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          </div>
        </div>
      )}
      {leaf.kind === 'time' && (
        <fieldset className={styles.choices}>
          <legend className="sr-only">Days (none: every day)</legend>
          {DAY_NAMES.map((day, i) => (
            <Checkbox
              key={day}
              className={styles.inline}
              checked={leaf.days.includes(i + 1)}
              onChange={(ticked) =>
                set({ days: ticked ? [...leaf.days, i + 1] : leaf.days.filter((d) => d !== i + 1) })
              }
            >
              {day}
            </Checkbox>
          ))}
        </fieldset>
      )}

      {leaf.kind === 'scans' && (
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-lt`}>Fewer than (scans before this one)</label>
            <input
              id={`${id}-lt`}
              inputMode="numeric"
              value={leaf.lt}
              onChange={(event) => set({ lt: event.target.value })}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-gte`}>At least</label>
            <input
              id={`${id}-gte`}
              inputMode="numeric"
              value={leaf.gte}
              onChange={(event) => set({ gte: event.target.value })}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          </div>
        </div>
      )}

      {leaf.kind === 'query' && (
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>Parameter name</label>
            <input
              id={`${id}-name`}
              value={leaf.name}
              placeholder="utm_source"
              onChange={(event) => set({ name: event.target.value })}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-equals`}>Equals (empty: present at all)</label>
            <input
              id={`${id}-equals`}
              value={leaf.equals}
              onChange={(event) => set({ equals: event.target.value })}
              aria-invalid={invalid}
              aria-describedby={described}
            />
          </div>
        </div>
      )}

      {leaf.kind === 'bot' && (
        <label className={styles.inline}>
          Matches{' '}
          <select
            value={leaf.bot ? 'true' : 'false'}
            onChange={(event) => set({ bot: event.target.value === 'true' })}
          >
            <option value="true">bots (crawlers, link previews)</option>
            <option value="false">people</option>
          </select>
        </label>
      )}

      <FieldSentences id={errorId} sentences={errors} />
    </fieldset>
  );
}
