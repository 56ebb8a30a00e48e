import type { ShowTicketItem, ValidateType, Vendor } from '@encore/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { currencyDigits, fromLocalInput, toLocalInput, toMajor, toMinor } from '../format.ts';
import { ListEditor } from './list-editor.tsx';
import type { SectionProps } from './show-editor.tsx';

const VALIDATE_TYPES: ValidateType[] = ['encore', 'external', 'weverse', 'thirdparty'];
const MVIEW = ['1', '4', '6'];

/**
 * A ticket's price typed in the currency's major unit with its symbol ("$ 25.00"), stored in minor
 * units (2500): hosts typed 2500 for $25.00 before (issue 25).
 */
function PriceField({
  item,
  field,
  error,
  onChange,
}: {
  item: ShowTicketItem;
  field: string;
  error: ReactNode;
  onChange: (minor: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => toMajor(item.price, item.currency));
  const digits = currencyDigits(item.currency);
  // What was typed while it still means the stored price; the stored price otherwise (a new currency).
  const shown = toMinor(text, item.currency) === item.price ? text : toMajor(item.price, item.currency);
  return (
    <Field
      label={`${t('host-field-price')} (${item.sale_currency_symbol || item.currency})`}
      hint={t('host-field-price-major-hint', {
        currency: item.currency,
        example: toMajor((2500 * 10 ** digits) / 100, item.currency),
      })}
      type="number"
      inputMode="decimal"
      min={0}
      step={digits > 0 ? 1 / 10 ** digits : 1}
      value={shown}
      error={error}
      data-field={field}
      onChange={(e) => {
        setText(e.target.value);
        const minor = toMinor(e.target.value, item.currency);
        if (Number.isFinite(minor)) onChange(Math.max(0, minor));
      }}
    />
  );
}

/** Tickets sold in the product: prices in the currency's major unit and currency, and what each ticket lets one watch. */
export function ItemsSection({ show, update, problems }: SectionProps) {
  const { t } = useTranslation();
  const items = show.ticket_items ?? [];
  return (
    <fieldset className="editor__section">
      <legend>{t('host-section-items')}</legend>
      <ListEditor<ShowTicketItem>
        testId="editor-items"
        items={items}
        max={20}
        onChange={(next) =>
          update((d) => {
            d.ticket_items = next;
          })
        }
        make={() => ({
          item_id: `${show.slug || 'show'}-${items.length + 1}`,
          display_name: { en: 'Ticket' },
          display_description: { en: '' },
          price: 0,
          currency: 'USD',
          sale_currency_symbol: '$',
          ticket_attributes: { mview: 1 },
        })}
        addLabel={t('host-add-item')}
        render={(item, set, i) => (
          <>
            <Field
              label={t('host-field-item-id')}
              value={item.item_id}
              error={problems[`ticket_items.${i}.item_id`]}
              data-field={`ticket_items.${i}.item_id`}
              onChange={(e) => set({ ...item, item_id: e.target.value })}
            />
            <Field
              label={t('host-field-item-name')}
              value={item.display_name.en ?? ''}
              onChange={(e) => set({ ...item, display_name: { ...item.display_name, en: e.target.value } })}
            />
            <PriceField
              item={item}
              field={`ticket_items.${i}.price`}
              error={problems[`ticket_items.${i}.price`]}
              onChange={(price) => set({ ...item, price })}
            />
            <Field
              label={t('host-field-currency')}
              value={item.currency}
              maxLength={3}
              error={problems[`ticket_items.${i}.currency`]}
              data-field={`ticket_items.${i}.currency`}
              onChange={(e) => set({ ...item, currency: e.target.value.toUpperCase() })}
            />
            <Field
              label={t('host-field-symbol')}
              value={item.sale_currency_symbol}
              onChange={(e) => set({ ...item, sale_currency_symbol: e.target.value })}
            />
            <SelectField
              label={t('host-field-views')}
              value={String(item.ticket_attributes.mview ?? 1)}
              onChange={(e) =>
                set({
                  ...item,
                  ticket_attributes: { ...item.ticket_attributes, mview: Number(e.target.value) },
                })
              }
              options={MVIEW.map((v) => ({ value: v, label: t('host-views', { count: Number(v) }) }))}
            />
            <label className="control-card__check">
              <input
                type="checkbox"
                checked={item.ticket_attributes['4K'] === true}
                onChange={(e) =>
                  set({ ...item, ticket_attributes: { ...item.ticket_attributes, '4K': e.target.checked } })
                }
              />
              {t('host-field-4k')}
            </label>
            <Field
              label={t('host-field-refund-until')}
              type="datetime-local"
              value={toLocalInput(item.refund_stop_time)}
              onChange={(e) => set({ ...item, refund_stop_time: fromLocalInput(e.target.value) })}
            />
          </>
        )}
      />
    </fieldset>
  );
}

function newVendor(): Vendor {
  return {
    id: 'encore',
    name: 'Encore',
    logo: '/logo.svg',
    qr: null,
    external_urls: {},
    validate_type: 'encore',
    token_name: 'Booking number',
    ticket_validate_title: {},
    ticket_validate_sub_title: {},
    ticket_validate_email_label: {},
    ticket_validate_email_placeholder: {},
    ticket_validate_email_hint: {},
    ticket_validate_token_label: {},
    ticket_validate_token_placeholder: {},
    ticket_validate_token_hint: {},
    ticket_validate_success_msg: {},
  };
}

/** Ticketing vendors: who sells, how their codes are checked, and where their shop is. */
export function VendorsSection({ show, update, problems }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="editor__section">
      <legend>{t('host-section-vendors')}</legend>
      <ListEditor<Vendor>
        testId="editor-vendors"
        items={show.ticketing}
        onChange={(ticketing) =>
          update((d) => {
            d.ticketing = ticketing;
          })
        }
        make={newVendor}
        addLabel={t('host-add-vendor')}
        render={(v, set, i) => (
          <>
            <Field
              label={t('host-field-vendor-id')}
              value={v.id}
              error={problems[`ticketing.${i}.id`]}
              data-field={`ticketing.${i}.id`}
              onChange={(e) => set({ ...v, id: e.target.value })}
            />
            <Field
              label={t('host-field-vendor-name')}
              value={v.name}
              onChange={(e) => set({ ...v, name: e.target.value })}
            />
            <SelectField
              label={t('host-field-validate')}
              value={v.validate_type}
              onChange={(e) => set({ ...v, validate_type: e.target.value as ValidateType })}
              options={VALIDATE_TYPES.map((x) => ({ value: x, label: x }))}
            />
            <Field
              label={t('host-field-token-name')}
              value={v.token_name}
              onChange={(e) => set({ ...v, token_name: e.target.value })}
            />
            <Field
              label={t('host-field-logo')}
              value={v.logo}
              onChange={(e) => set({ ...v, logo: e.target.value })}
            />
            <Field
              label={t('host-field-shop-url')}
              value={v.external_urls.en ?? ''}
              onChange={(e) => set({ ...v, external_urls: { ...v.external_urls, en: e.target.value } })}
            />
          </>
        )}
      />
    </fieldset>
  );
}
