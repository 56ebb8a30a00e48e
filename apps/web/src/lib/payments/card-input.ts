import { cardBrandOf, luhnValid } from '@encore/contract';
import type { CardDetails } from './card-provider.ts';

/**
 * The in-page card form's rules (COM-35): complete and valid before it is sent. The provider
 * still decides (declines, test cards); this only spares the fan a round trip for a typo.
 */
export interface CardInput {
  number: string;
  /** MM/YY as typed. */
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '' };

export type CardProblem = 'incomplete' | 'number' | 'expiry' | 'cvc';

export function digits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Groups of four as the fan types (amex 4-6-5). */
export function formatCardNumber(text: string): string {
  const d = digits(text).slice(0, 19);
  if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiry(text: string): string {
  const d = digits(text).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export function cardBrand(number: string): string {
  return cardBrandOf(digits(number)) ?? 'card';
}

/** null when the card is complete and valid; else the first problem. */
export function cardProblem(card: CardInput, now: Date): CardProblem | null {
  const number = digits(card.number);
  const exp = digits(card.expiry);
  if (!number || exp.length < 4 || !card.cvc) return 'incomplete';
  if (number.length < 13 || !luhnValid(number)) return 'number';
  const month = Number(exp.slice(0, 2));
  const year = 2000 + Number(exp.slice(2, 4));
  if (month < 1 || month > 12 || Date.UTC(year, month, 1) <= now.getTime()) return 'expiry';
  if (!(cardBrand(number) === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc)) return 'cvc';
  return null;
}

export function cardDetails(card: CardInput): CardDetails {
  const exp = digits(card.expiry);
  return {
    number: digits(card.number),
    exp_month: Number(exp.slice(0, 2)),
    exp_year: 2000 + Number(exp.slice(2, 4)),
    cvc: card.cvc,
  };
}

/** 'card-visa-4242' (COM-38) as brand and last digits; null for no card. */
export function parseSavedCard(card: string | undefined): { brand: string; last4: string } | null {
  const [prefix, brand, last4] = (card ?? '').split('-');
  return prefix && brand && last4 ? { brand, last4 } : null;
}
