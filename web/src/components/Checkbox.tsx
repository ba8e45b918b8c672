import type { ReactNode } from 'react';

/** A checkbox followed by its label, the whole label clickable; `onChange` gets whether it is ticked. */
export default function Checkbox({
  checked,
  onChange,
  className,
  id,
  disabled,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  id?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={className} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      {children}
    </label>
  );
}
