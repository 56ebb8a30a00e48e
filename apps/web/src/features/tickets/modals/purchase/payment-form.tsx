import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Field } from '../../../../components/ui/field.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import {
  type CardInput,
  cardProblem,
  formatCardNumber,
  formatExpiry,
  parseSavedCard,
} from '../../../../lib/payments/card-input.ts';
import { useUiStore } from '../../../../lib/store/ui-store.ts';
import {
  type BillingField,
  type BillingForm,
  type BillingProblem,
  visibleBillingProblems,
} from '../../purchase-rules.ts';
import { countryOptions } from './countries.ts';

export interface PaymentFormValue {
  billing: BillingForm;
  card: CardInput;
}

const PROBLEM_KEY = {
  'min-2': 'billing-error-min-2',
  country: 'billing-error-country',
  zipcode: 'billing-error-zipcode',
} as const satisfies Record<BillingProblem, string>;

const FIELD_KEY = {
  first_name: 'billing-first-name',
  last_name: 'billing-last-name',
  line1: 'billing-line1',
  line2: 'billing-line2',
  city: 'billing-city',
  state: 'billing-state',
  country: 'billing-country',
  postal_code: 'billing-postal-code',
} as const satisfies Record<BillingField, string>;

const AUTOCOMPLETE: Record<BillingField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  country: 'country',
  postal_code: 'postal-code',
};

/**
 * Billing address and the in-page card form (COM-30..36). `savedCard` ('card-visa-4242') is kept
 * when the card fields stay empty (edit mode).
 */
export function PaymentForm({
  value,
  onChange,
  submitted,
  savedCard,
  saveCard,
  onSaveCardChange,
}: {
  value: PaymentFormValue;
  onChange: (next: PaymentFormValue) => void;
  submitted: boolean;
  savedCard?: string | undefined;
  /** The 'Save for future purchases' box (COM-20); absent where the card is always saved. */
  saveCard?: boolean;
  onSaveCardChange?: (save: boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const [touched, setTouched] = useState<Set<BillingField>>(new Set());
  const [cardTouched, setCardTouched] = useState(false);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const problems = visibleBillingProblems(value.billing, touched, submitted);
  const saved = parseSavedCard(savedCard);
  const cardEntered = Boolean(value.card.number || value.card.expiry || value.card.cvc);
  const cardIssue = cardEntered || !saved ? cardProblem(value.card, new Date()) : null;
  const showCardIssue = cardIssue && (submitted || (cardTouched && cardEntered));

  const setBilling = (field: BillingField, text: string) =>
    onChange({ ...value, billing: { ...value.billing, [field]: text } });
  const setCard = (next: Partial<CardInput>) => onChange({ ...value, card: { ...value.card, ...next } });
  const leave = (field: BillingField) => setTouched((s) => new Set(s).add(field));

  const field = (name: Exclude<BillingField, 'country'>) => (
    <Field
      label={t(FIELD_KEY[name])}
      value={value.billing[name]}
      onChange={(e) => setBilling(name, e.target.value)}
      onBlur={() => leave(name)}
      autoComplete={AUTOCOMPLETE[name]}
      error={problems[name] ? t(PROBLEM_KEY[problems[name]]) : undefined}
      maxLength={200}
      data-testid={`billing-${name}`}
    />
  );

  return (
    <div className="payment-form">
      <fieldset className="payment-form__group">
        <legend className="payment-form__legend">{t('card-legend')}</legend>
        {saved && (
          <p className="payment-form__saved" data-testid="billing-saved-card">
            {t('card-saved', { brand: brandName(saved.brand), last4: saved.last4 })}
            <span className="payment-form__saved-hint">{t('card-keep-saved-hint')}</span>
          </p>
        )}
        <div className="payment-form__card">
          <Field
            className="payment-form__card-number"
            label={t('card-number')}
            value={value.card.number}
            onChange={(e) => setCard({ number: formatCardNumber(e.target.value) })}
            onBlur={() => setCardTouched(true)}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            data-testid="card-number"
          />
          <Field
            label={t('card-expiry')}
            value={value.card.expiry}
            onChange={(e) => setCard({ expiry: formatExpiry(e.target.value) })}
            onBlur={() => setCardTouched(true)}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            data-testid="card-expiry"
          />
          <Field
            label={t('card-cvc')}
            value={value.card.cvc}
            onChange={(e) => setCard({ cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
            onBlur={() => setCardTouched(true)}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            data-testid="card-cvc"
          />
        </div>
        {showCardIssue && (
          <div className="field__error" role="alert" data-testid="card-error">
            {t(`card-error-${cardIssue}`)}
          </div>
        )}
      </fieldset>

      <fieldset className="payment-form__group">
        <legend className="payment-form__legend">{t('billing-legend')}</legend>
        <div className="payment-form__row">
          {field('first_name')}
          {field('last_name')}
        </div>
        {field('line1')}
        {field('line2')}
        <div className="payment-form__row">
          {field('city')}
          {field('state')}
        </div>
        <div className="payment-form__row">
          <div className={problems.country ? 'field field--invalid' : 'field'}>
            <SelectField
              label={t('billing-country')}
              options={countries}
              placeholder={t('billing-country-choose')}
              value={value.billing.country}
              onChange={(e) => setBilling('country', e.target.value)}
              onBlur={() => leave('country')}
              autoComplete="country"
              data-testid="billing-country"
            />
            {problems.country && (
              <div className="field__error" role="alert">
                {t(PROBLEM_KEY.country)}
              </div>
            )}
          </div>
          {field('postal_code')}
        </div>
      </fieldset>

      {onSaveCardChange && (
        <Checkbox
          label={t('purchase-save-card')}
          checked={saveCard ?? false}
          onChange={(e) => onSaveCardChange(e.target.checked)}
          data-testid="purchase-save-card"
        />
      )}
    </div>
  );
}

/** A card brand as printed on cards. */
export function brandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
  };
  return names[brand] ?? brand;
}
