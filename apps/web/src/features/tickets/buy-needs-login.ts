import type { Vendor } from '@encore/contract';

/**
 * TIX-18/19: Buy needs login, unless the partner platform is the only vendor (it sells on its own
 * site). Its own module: the landing needs it at once, the dialogs' phase rules load with them.
 */
export function buyNeedsLogin(vendors: readonly Pick<Vendor, 'validate_type'>[]): boolean {
  return !(vendors.length === 1 && vendors[0]?.validate_type === 'weverse');
}
