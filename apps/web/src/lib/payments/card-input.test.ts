import { describe, expect, it } from 'vitest';
import { cardDetails, cardProblem, formatCardNumber, formatExpiry, parseSavedCard } from './card-input.ts';

const NOW = new Date('2026-11-24T00:00:00Z');

describe('the in-page card form (COM-35)', () => {
  it('formats as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12/30');
  });

  it('is complete and valid only with a Luhn-valid number, a future expiry and a 3-digit CVC (4 for amex)', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
    expect(cardProblem(card, NOW)).toBeNull();
    expect(cardProblem({ ...card, cvc: '' }, NOW)).toBe('incomplete');
    expect(cardProblem({ ...card, number: '4242 4242 4242 4241' }, NOW)).toBe('number');
    expect(cardProblem({ ...card, expiry: '10/26' }, NOW)).toBe('expiry');
    expect(cardProblem({ ...card, expiry: '13/30' }, NOW)).toBe('expiry');
    expect(cardProblem({ ...card, cvc: '12' }, NOW)).toBe('cvc');
    expect(cardProblem({ number: '378282246310005', expiry: '12/30', cvc: '1234' }, NOW)).toBeNull();
    expect(cardDetails(card)).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
  });

  it("reads a saved card 'card-visa-4242' (COM-38)", () => {
    expect(parseSavedCard('card-visa-4242')).toEqual({ brand: 'visa', last4: '4242' });
    expect(parseSavedCard('')).toBeNull();
  });
});
