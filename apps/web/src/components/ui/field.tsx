import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './field.css';
import { LineIcon } from './line-icon.tsx';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and announced; a string or a list of texts. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Adds a show/hide toggle to a password input. */
  revealable?: boolean;
}

export function Field({
  label,
  error,
  hint,
  revealable = false,
  type = 'text',
  className,
  ...input
}: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const inputType = revealable && revealed ? 'text' : type;

  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].join(' ').trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          type={inputType}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {revealable && (
          <button
            type="button"
            className="field__reveal"
            onClick={() => setRevealed((r) => !r)}
            aria-label={revealed ? t('password-hide') : t('password-show')}
            aria-pressed={revealed}
          >
            <EyeIcon open={!revealed} />
          </button>
        )}
      </div>
      {error && (
        <div className="field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
      {hint && !error && (
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <LineIcon size={18}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 20 20 4" />}
    </LineIcon>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
}

export function Checkbox({ label, className, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={['checkbox', className ?? ''].join(' ').trim()}>
      <input id={id} type="checkbox" className="checkbox__input" {...input} />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}

export function FormError({ children, testId }: { children: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="form-error__icon">
        <circle cx="12" cy="12" r="10" fill="currentColor" opacity=".18" />
        <path d="M12 7v6m0 3.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div>{children}</div>
    </div>
  );
}
