import type { ShowTicketItem, ValidateType, Vendor } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { fromLocalInput, toLocalInput } from '../format.ts';
import { ListEditor } from './list-editor.tsx';
import type { SectionProps } from './show-editor.tsx';

const VALIDATE_TYPES: ValidateType[] = ['encore', 'external', 'weverse', 'thirdparty'];
const MVIEW = ['1', '4', '6'];

/** Tickets sold in the product: prices in minor units and currency, and what each ticket lets one watch. */
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
              onChange={(e) => set({ ...item, item_id: e.target.value })}
            />
            <Field
              label={t('host-field-item-name')}
              value={item.display_name.en ?? ''}
              onChange={(e) => set({ ...item, display_name: { ...item.display_name, en: e.target.value } })}
            />
            <Field
              label={t('host-field-price')}
              hint={t('host-field-price-hint')}
              type="number"
              min={0}
              value={String(item.price)}
              error={problems[`ticket_items.${i}.price`]}
              onChange={(e) => set({ ...item, price: Number(e.target.value) })}
            />
            <Field
              label={t('host-field-currency')}
              value={item.currency}
              maxLength={3}
              error={problems[`ticket_items.${i}.currency`]}
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
