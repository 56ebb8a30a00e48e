import { describe, expect, it } from 'vitest';
import {
  billingEnabled,
  billingProblems,
  EMPTY_BILLING,
  locksPurchase,
  needsNewOrder,
  offersBackToPayment,
  paymentFormValid,
  retrievalStep,
  stepAfterSelect,
  visibleBillingProblems,
} from './purchase-rules.ts';

const FULL = {
  first_name: 'Mina',
  last_name: 'Park',
  line1: '1 Stage Road',
  line2: '',
  city: 'Seoul',
  state: 'Seoul',
  country: 'KR',
  postal_code: '04524',
};

describe('billing form rules (COM-32..36)', () => {
  it('needs 2 characters after trimming for names, street, city and state; a 2-letter country; a zip longer than 2', () => {
    expect(billingProblems(FULL)).toEqual({});
    expect(billingProblems({ ...FULL, first_name: ' M ', city: 'S' })).toEqual({
      first_name: 'min-2',
      city: 'min-2',
    });
    expect(billingProblems({ ...FULL, country: '' })).toEqual({ country: 'country' });
    expect(billingProblems({ ...FULL, postal_code: '12 ' })).toEqual({ postal_code: 'zipcode' });
    expect(billingProblems({ ...FULL, line2: '' })).toEqual({});
  });

  it("shows 'Must be at least 2 characters' once more than 1 character is typed; the others after leaving the field", () => {
    const typed = { ...EMPTY_BILLING, first_name: 'M', last_name: 'P ' };
    expect(visibleBillingProblems(typed, new Set(), false)).toEqual({ last_name: 'min-2' });
    expect(visibleBillingProblems(typed, new Set(['country']), false)).toMatchObject({ country: 'country' });
    expect(Object.keys(visibleBillingProblems(EMPTY_BILLING, new Set(), true)).sort()).toEqual(
      ['city', 'country', 'first_name', 'last_name', 'line1', 'postal_code', 'state'].sort(),
    );
  });

  it('create mode needs a valid card; edit mode only when a new card is being entered', () => {
    const noCard = { entered: false, valid: false };
    expect(paymentFormValid(FULL, noCard, 'create')).toBe(false);
    expect(paymentFormValid(FULL, { entered: true, valid: true }, 'create')).toBe(true);
    expect(paymentFormValid(FULL, noCard, 'edit')).toBe(true);
    expect(paymentFormValid(FULL, { entered: true, valid: false }, 'edit')).toBe(false);
    expect(paymentFormValid({ ...FULL, country: '' }, { entered: true, valid: true }, 'create')).toBe(false);
  });
});

describe('purchase flow rules', () => {
  it('COM-08/40: a saved card (first record with a card) goes to the order; none to ADD_PAYMENT', () => {
    expect(billingEnabled([{ card: 'card-visa-4242' }])).toBe(true);
    expect(billingEnabled([{ card: '' }, { card: 'card-visa-4242' }])).toBe(false);
    expect(billingEnabled([])).toBe(false);
    expect(stepAfterSelect(true)).toBe('ORDER');
    expect(stepAfterSelect(false)).toBe('ADD_PAYMENT');
  });

  it('COM-26/27: back to payment for incorrect_cvc, expired_card, a bare card_declined or insufficient_funds; other decline codes lock', () => {
    for (const e of [
      { code: 'incorrect_cvc' },
      { code: 'expired_card' },
      { code: 'card_declined' },
      { code: 'card_declined', decline_code: 'insufficient_funds' },
    ]) {
      expect(offersBackToPayment(e), JSON.stringify(e)).toBe(true);
      expect(locksPurchase(e)).toBe(false);
    }
    for (const e of [
      { code: 'card_declined', decline_code: 'generic_decline' },
      { code: 'card_declined', decline_code: 'lost_card' },
    ]) {
      expect(offersBackToPayment(e)).toBe(false);
      expect(locksPurchase(e)).toBe(true);
    }
    expect(locksPurchase({ code: 'processing_error' })).toBe(false);
  });

  it('COM-13: no new order while one exists and the payment details are unchanged', () => {
    expect(needsNewOrder(null, 'a')).toBe(true);
    expect(needsNewOrder({ billingKey: 'a' }, 'a')).toBe(false);
    expect(needsNewOrder({ billingKey: 'a' }, 'b')).toBe(true);
  });

  it('COM-23..25: 200 found; 402..499 retried 4 times then failed; 500 and no answer close', () => {
    expect(retrievalStep(200, 0)).toBe('found');
    expect(retrievalStep(402, 0)).toBe('retry');
    expect(retrievalStep(404, 3)).toBe('retry');
    expect(retrievalStep(402, 4)).toBe('failed');
    expect(retrievalStep(401, 0)).toBe('close');
    expect(retrievalStep(500, 0)).toBe('close');
    expect(retrievalStep(null, 0)).toBe('close');
  });
});
