import { cardBrandOf, luhnValid } from '@encore/contract';
/**
 * testpay's card numbers: the usual test cards of card providers and what each does. A card is
 * never stored; a payment method keeps only its brand, last digits, expiry and outcome.
 */

export type CardError = {
  type: 'card_error' | 'validation_error';
  code: string;
  decline_code?: string;
  message: string;
};

/** What charging the card does: succeed, or fail with this error. */
export type CardOutcome = 'ok' | 'charge_declined' | keyof typeof FAILURES;

const DECLINED = 'Your card was declined.';
const FAILURES = {
  generic_decline: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: DECLINED,
  },
  insufficient_funds: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { type: 'card_error', code: 'card_declined', decline_code: 'lost_card', message: DECLINED },
  stolen_card: { type: 'card_error', code: 'card_declined', decline_code: 'stolen_card', message: DECLINED },
  expired_card: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: {
    type: 'card_error',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    type: 'card_error',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  live_card: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'test_mode_live_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test card.',
  },
} as const satisfies Record<string, CardError>;

const CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'ok',
  '4000056655665556': 'ok',
  '5555555555554444': 'ok',
  '2223003122003222': 'ok',
  '378282246310005': 'ok',
  '6011111111111117': 'ok',
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  // Saving this card works; charging it is declined.
  '4000000000000341': 'charge_declined',
};

export function failureOf(outcome: CardOutcome, when: 'setup' | 'charge'): CardError | null {
  if (outcome === 'ok') return null;
  if (outcome === 'charge_declined') return when === 'setup' ? null : FAILURES.generic_decline;
  return FAILURES[outcome];
}

export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

const invalid = (code: string, message: string): CardError => ({ type: 'validation_error', code, message });

/** Checks a card as a provider does before any charge; returns its outcome or the error. */
export function checkCard(card: CardInput, now: Date): { outcome: CardOutcome; brand: string } | CardError {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || !luhnValid(number))
    return invalid('incorrect_number', 'Your card number is incorrect.');
  const brand = cardBrandOf(number) ?? 'unknown';
  if (card.exp_month < 1 || card.exp_month > 12) {
    return invalid('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const endOfMonth = Date.UTC(year, card.exp_month, 1);
  if (endOfMonth <= now.getTime()) {
    return invalid('invalid_expiry_year', "Your card's expiration year is in the past.");
  }
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc)) {
    return invalid('invalid_cvc', "Your card's security code is invalid.");
  }
  return { outcome: CARDS[number] ?? 'live_card', brand };
}
