import { type Locale, safeHref, type Vendor } from '@encore/contract';
import { localeText } from '../../lib/i18n/locale-text.ts';

/**
 * Validation phases (accounts section 4): SHOW_SELECTOR to choose among several external shops,
 * VALIDATE for a booking number and email (a shop's, or the house's own codes), CACHED_CHECK for the
 * partner platform and the third-party vendor, whose tickets are already bound to the account.
 */
export type VendorPhase =
  | { phase: 'SHOW_SELECTOR'; choices: Vendor[] }
  | { phase: 'VALIDATE'; vendor: Vendor }
  | { phase: 'CACHED_CHECK'; vendor: Vendor }
  | { phase: 'NONE' };

export const isExternal = (vendor: Vendor): boolean => vendor.validate_type === 'external';

/**
 * Whose dialog is a booking-code form. The house's own vendor issues codes too (imported for
 * `encore`): its dialog starts with its form (issue 26: not with a red "no ticket on your account",
 * which the landing already said), the form itself asking the account first when nobody has yet.
 */
export const takesCodes = (vendor: Vendor): boolean =>
  vendor.validate_type === 'external' || vendor.validate_type === 'encore';

export function phaseForVendor(vendor: Vendor): VendorPhase {
  return takesCodes(vendor) ? { phase: 'VALIDATE', vendor } : { phase: 'CACHED_CHECK', vendor };
}

/**
 * TIX-12/13: a selector for more than one external shop; a single vendor is chosen at once. Beside a
 * single shop, Encore's own tickets come first (issue 14: the dialog opened on the shop's form with
 * Encore as a small link under it); the shop is the alternative offered there.
 */
export function initialPhase(vendors: readonly Vendor[]): VendorPhase {
  const external = vendors.filter(isExternal);
  if (external.length > 1) return { phase: 'SHOW_SELECTOR', choices: [...vendors] };
  const own = vendors.find((v) => v.validate_type === 'encore');
  const only = own ?? external[0] ?? vendors[0];
  return only ? phaseForVendor(only) : { phase: 'NONE' };
}

/** Vendors offered as another way from the current phase (e.g. 'Bought it on Encore?'). */
export function otherVendors(vendors: readonly Vendor[], current: Vendor): Vendor[] {
  return vendors.filter((v) => v.id !== current.id && (!isExternal(v) || !isExternal(current)));
}

/** Shops with a page to buy on, in the UI locale (fallback en). */
export function buyOptions(vendors: readonly Vendor[], locale: Locale): { vendor: Vendor; url: string }[] {
  return vendors.flatMap((vendor) => {
    // Only an http(s) page or a path on this site is offered (issue 29): never a stored javascript:.
    const url = safeHref(localeText(vendor.external_urls, locale));
    return url ? [{ vendor, url }] : [];
  });
}
