import formStyles from '@site/src/components/Form.module.css';
import { type AttributionChoice, type AttributionDraft, exampleTarget } from '@site/src/lib/attribution';
import { useId } from 'react';

export const ATTRIBUTION_FIELDS: Readonly<Record<string, string>> = {
  '/body/attribution': 'Attribution',
  '/body/attribution/parameter': 'The scan id parameter',
  '/body/attribution/enabled': 'Attribution',
};

const CHOICES: { value: AttributionChoice; label: string }[] = [
  { value: 'default', label: 'As the workspace default' },
  { value: 'on', label: 'On: hand the target the scan id' },
  { value: 'off', label: 'Off' },
];

/**
 * A code's conversion attribution beside its link controls: whether its redirects hand the target
 * the scan id (for reporting a conversion later), under which query parameter, or the workspace's
 * default; with where a scan would go.
 */
export default function AttributionFields({
  draft,
  onChange,
  byField,
  target,
}: {
  draft: AttributionDraft;
  onChange: (draft: AttributionDraft) => void;
  byField: Readonly<Record<string, string>>;
  target: string;
}) {
  const ids = { choice: useId(), parameter: useId(), hint: useId() };
  const problem = byField['/body/attribution/parameter'] ?? byField['/body/attribution'];
  return (
    <fieldset className={formStyles.form} data-testid="attribution-fields">
      <legend>Conversion attribution</legend>
      <div className={formStyles.field}>
        <label htmlFor={ids.choice}>Scan id on the target</label>
        <select
          id={ids.choice}
          value={draft.choice}
          onChange={(event) => onChange({ ...draft, choice: event.target.value as AttributionChoice })}
        >
          {CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {draft.choice === 'on' && (
        <div className={formStyles.field}>
          <label htmlFor={ids.parameter}>Parameter name</label>
          <input
            id={ids.parameter}
            value={draft.parameter}
            maxLength={40}
            aria-describedby={ids.hint}
            aria-invalid={problem !== undefined}
            onChange={(event) => onChange({ ...draft, parameter: event.target.value })}
          />
          <span id={ids.hint} className={formStyles.hint} data-testid="attribution-preview">
            A scan goes to {exampleTarget(target, draft.parameter)}: report a sale or lead for that id with
            POST /conversions.
          </span>
        </div>
      )}
      {problem && <p className="rq-error">{problem}</p>}
    </fieldset>
  );
}
