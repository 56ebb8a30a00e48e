import type { Vendor } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { localeText } from '../../../lib/i18n/locale-text.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';

/**
 * A vendor's dialog texts in the UI locale (the dialog follows the UI, DESIGN.md section 10), each
 * falling back to en and then to Encore's own wording.
 */
export function useVendorTexts(vendor: Vendor) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const text = (texts: Vendor['ticket_validate_title'], fallback: string) =>
    localeText(texts, locale, fallback);
  return {
    title: text(vendor.ticket_validate_title, t('validate-title')),
    subtitle: text(vendor.ticket_validate_sub_title, t('validate-subtitle')),
    emailLabel: text(vendor.ticket_validate_email_label, t('validate-email')),
    emailPlaceholder: text(vendor.ticket_validate_email_placeholder, ''),
    emailHint: text(vendor.ticket_validate_email_hint, ''),
    tokenLabel: text(vendor.ticket_validate_token_label, vendor.token_name || t('validate-code')),
    tokenPlaceholder: text(vendor.ticket_validate_token_placeholder, ''),
    tokenHint: text(vendor.ticket_validate_token_hint, ''),
    success: text(vendor.ticket_validate_success_msg, t('validate-success')),
  };
}
