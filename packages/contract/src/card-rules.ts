/**
 * Card number rules shared by the in-page card form (which spares the fan a round trip for a typo)
 * and testpay, the embedded provider (which refuses what a real provider would). Digits only.
 */

/** The Luhn check digit holds, on a number of at least 12 digits. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

/** The card network by its number's prefix; null when it is none of those accepted. */
export function cardBrandOf(number: string): CardBrand | null {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return null;
}
