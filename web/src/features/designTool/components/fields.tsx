/**
 * Form fields of the design tool. Each knows the JSON pointer of the style field it sets (`/style/dots/color`),
 * so the scannability badge can name it and the field can show it is the one to fix.
 */
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import styles from './DesignTool.module.css';

/** The pointer of the field the current verdict blames, and the id of the verdict's text. */
export const BlamedField = createContext<{ path: string | null; describedBy: string }>({
  path: null,
  describedBy: '',
});

/** The DOM id of the control that sets a style field, for the badge's "Fix" button. */
export function controlId(path: string): string {
  return `dt${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}

function useBlame(path: string) {
  const blamed = useContext(BlamedField);
  const invalid = blamed.path === path;
  return { invalid, describedBy: invalid ? blamed.describedBy : undefined };
}

interface FieldProps {
  path: string;
  label: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control; outlined and described by the badge when the verdict blames its field. */
export function Field({ path, label, hint, children }: FieldProps) {
  const { invalid, describedBy } = useBlame(path);
  const hintId = useId();
  const id = controlId(path);
  const described = [hint ? hintId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={invalid ? `${styles.field} ${styles.blamed}` : styles.field} data-path={path}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(invalid ? { 'aria-invalid': true as const } : {}), 'aria-describedby': described })}
      {hint && (
        <small id={hintId} className={styles.hint}>
          {hint}
        </small>
      )}
    </div>
  );
}

export function SelectField<T extends string>({
  path,
  label,
  value,
  options,
  onChange,
}: {
  path: string;
  label: string;
  value: T;
  options: ReadonlyArray<T | { value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <Field path={path} label={label}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value as T)}>
          {options.map((option) => {
            const { value: optionValue, label: optionLabel } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={optionValue} value={optionValue}>
                {optionLabel}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

export function RangeField({
  path,
  label,
  value,
  min,
  max,
  step,
  format,
  onChange,
}: {
  path: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  return (
    <Field path={path} label={`${label}: ${format(value)}`}>
      {(props) => (
        <input
          {...props}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-valuetext={format(value)}
          onChange={(event) => onChange(Number(event.target.value))}
        />
      )}
    </Field>
  );
}

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** #rgb to #rrggbb: the colour picker takes only the long form. */
function longHex(color: string): string {
  return /^#[0-9a-fA-F]{3}$/.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
}

/** A colour picker and its hex text side by side; the text takes any #rgb or #rrggbb typed in. */
export function ColorField({
  path,
  label,
  value,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { invalid, describedBy } = useBlame(path);
  const id = controlId(path);
  return (
    <div className={invalid ? `${styles.field} ${styles.blamed}` : styles.field} data-path={path}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.colorRow}>
        <input
          id={id}
          type="color"
          value={HEX.test(value) ? longHex(value).toLowerCase() : '#000000'}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <HexInput label={label} value={value} onChange={onChange} />
      </div>
    </div>
  );
}

/** The colour as text: kept as typed until it is a colour, then applied. */
function HexInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <input
      type="text"
      className={styles.hex}
      aria-label={`${label} (hex)`}
      value={draft}
      maxLength={7}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => {
        const typed = event.target.value.trim();
        setDraft(typed);
        if (HEX.test(typed)) onChange(typed.toLowerCase());
      }}
    />
  );
}
