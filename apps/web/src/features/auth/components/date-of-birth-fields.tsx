import { LIMITS } from '@encore/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { htmlLang } from '../../../lib/i18n/locale.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';

export interface DateOfBirthParts {
  year: string;
  month: string;
  day: string;
}

interface Props {
  value: DateOfBirthParts;
  onChange: (value: DateOfBirthParts) => void;
  error?: string;
  today: Date;
}

/** Year, month and day selects; years run from 1910 to the current year minus 10 (accounts section 5). */
export function DateOfBirthFields({ value, onChange, error, today }: Props) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const id = useId();

  const years = useMemo(() => {
    const last = today.getFullYear() - LIMITS.dobLastYearOffset;
    const list: { value: string; label: string }[] = [];
    for (let y = last; y >= LIMITS.dobFirstYear; y--) list.push({ value: String(y), label: String(y) });
    return list;
  }, [today]);

  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(htmlLang(locale), { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1),
      label: format.format(new Date(Date.UTC(2000, i, 1))),
    }));
  }, [locale]);

  const days = useMemo(
    () => Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    [],
  );

  return (
    <fieldset
      className={`dob${error ? ' dob--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{t('dob-legend')}</legend>
      <div className="dob__row">
        <SelectField
          id={`${id}-year`}
          label={t('dob-year')}
          hideLabel
          placeholder={t('dob-year')}
          options={years}
          value={value.year}
          onChange={(e) => onChange({ ...value, year: e.target.value })}
          data-testid="register-dob-year"
        />
        <SelectField
          id={`${id}-month`}
          label={t('dob-month')}
          hideLabel
          placeholder={t('dob-month')}
          options={months}
          value={value.month}
          onChange={(e) => onChange({ ...value, month: e.target.value })}
          data-testid="register-dob-month"
        />
        <SelectField
          id={`${id}-day`}
          label={t('dob-day')}
          hideLabel
          placeholder={t('dob-day')}
          options={days}
          value={value.day}
          onChange={(e) => onChange({ ...value, day: e.target.value })}
          data-testid="register-dob-day"
        />
      </div>
      {error && (
        <div className="field__error" id={`${id}-error`} role="alert" data-testid="register-dob-error">
          {error}
        </div>
      )}
    </fieldset>
  );
}
