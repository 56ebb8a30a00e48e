import type { SelectHTMLAttributes } from 'react';
import './field.css';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** Keep the label for assistive technology only, e.g. when a placeholder option shows it. */
  hideLabel?: boolean;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

/** A labelled native select: the platform picker is the most usable one on phones. */
export function SelectField({
  label,
  hideLabel = false,
  options,
  placeholder,
  className,
  id,
  ...select
}: SelectProps) {
  return (
    <label className={['select', className ?? ''].join(' ').trim()} htmlFor={id}>
      <span className={hideLabel ? 'visually-hidden' : 'select__label'}>{label}</span>
      <select id={id} className="select__input" {...select}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
