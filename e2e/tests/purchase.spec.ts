import type { Locator, Page } from '@playwright/test';
import { scheduleShow, verifiedFan } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { device, signIn } from '../support/landing.ts';

test.describe.configure({ timeout: 150_000 });

/** Buy -> SELECT_TICKET with the show's first ticket -> Continue. */
async function startPurchase(page: Page): Promise<Locator> {
  await expect(page.getByTestId('ticket-no-invite')).toBeVisible();
  await page.getByTestId('ticket-buy').click();
  const modal = page.getByTestId('purchase-modal');
  await expect(modal.getByTestId('purchase-select-ticket')).toBeVisible();
  await modal.locator('[data-testid^="purchase-item-"]').first().check();
  await modal.getByTestId('modal-submit').click();
  return modal;
}

async function fillCard(modal: Locator, number: string) {
  await modal.getByTestId('card-number').fill(number);
  await modal.getByTestId('card-expiry').fill('12/34');
  await modal.getByTestId('card-cvc').fill('123');
}

/** ADD_PAYMENT: the billing address and a card, then Continue to CONFIRM. */
async function addPayment(modal: Locator, number: string, { save = false } = {}) {
  await expect(modal.locator('[data-step="ADD_PAYMENT"]')).toBeVisible();
  await fillCard(modal, number);
  // Unticked until the fan opts in (issue 26).
  await expect(modal.getByTestId('purchase-save-card')).not.toBeChecked();
  if (save) await modal.getByTestId('purchase-save-card').check();
  await modal.getByTestId('billing-first_name').fill('Mina');
  await modal.getByTestId('billing-last_name').fill('Park');
  await modal.getByTestId('billing-line1').fill('1 Stage Road');
  await modal.getByTestId('billing-city').fill('Seoul');
  await modal.getByTestId('billing-state').fill('Seoul');
  await modal.getByTestId('billing-country').selectOption('KR');
  await modal.getByTestId('billing-postal_code').fill('04524');
  await modal.getByTestId('modal-submit').click();
  await expect(modal.getByTestId('purchase-confirm')).toBeVisible();
}

async function payAndClose(page: Page, modal: Locator) {
  await modal.getByTestId('modal-submit').click();
  await expect(modal.getByTestId('purchase-done')).toHaveAttribute('data-state', 'found');
  await modal.getByTestId('purchase-close').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('ticket-holder')).toBeVisible();
}

test('TIX-01: a fan buys a ticket in the product with 4242, sees it, and enters the show', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const fan = await verifiedFan(request);
  const page = await device(browser);
  await signIn(page, show.slug, fan.email);

  const modal = await startPurchase(page);
  // The billing rules show as the fan types (COM-32).
  await modal.getByTestId('billing-first_name').fill('M ');
  await expect(modal.getByText('Must be at least 2 characters')).toBeVisible();
  await addPayment(modal, '4242 4242 4242 4242', { save: true });
  await expect(modal.getByTestId('purchase-card')).toHaveText('Visa •••• 4242');
  await expectNoSeriousA11yViolations(page, 'purchase: confirm');
  await payAndClose(page, modal);
  await expect(page.getByTestId('ticket-entitlements')).toBeVisible();

  const enter = page.getByTestId('ticket-enter');
  await expect(enter).toHaveAttribute('data-enabled', 'true');
  await enter.click();
  await expect(page).toHaveURL(new RegExp(`/event/${show.slug}$`));
  await expect(page.getByTestId('event-lobby')).toBeVisible();

  // The card was saved (the fan ticked the box): the next show's purchase goes straight to CONFIRM.
  const next = await scheduleShow(request, -60_000);
  await page.goto(`/?show=${next.slug}`);
  const again = await startPurchase(page);
  await expect(again.getByTestId('purchase-confirm')).toBeVisible();
  await expect(again.getByTestId('purchase-card')).toHaveText('Visa •••• 4242');
  // Issue 14: "Thank you!" for a show that is live offers Enter show, not only Close.
  await again.getByTestId('modal-submit').click();
  await expect(again.getByTestId('purchase-done')).toHaveAttribute('data-state', 'found');
  await expectNoSeriousA11yViolations(page, 'purchase: thank you');
  await again.getByTestId('purchase-enter').click();
  await expect(again).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/event/${next.slug}$`));
  await expect(page.getByTestId('event-lobby')).toBeVisible();
});

test("a declined card shows the provider's message; insufficient funds leads back to payment, where another card pays", async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const fan = await verifiedFan(request);
  const page = await device(browser);
  await signIn(page, show.slug, fan.email);
  const modal = await startPurchase(page);
  await addPayment(modal, '4000 0000 0000 0002');

  // A generic decline: the provider's message, and the purchase button locks (COM-27).
  await modal.getByTestId('modal-submit').click();
  await expect(modal.getByTestId('purchase-error')).toContainText('Your card was declined.');
  await expect(modal.getByTestId('modal-submit')).toBeDisabled();

  // Another card through 'Change payment method' (EDIT_PAYMENT); insufficient funds offers the way back.
  await modal.getByTestId('purchase-change-payment').click();
  await expect(modal.locator('[data-step="EDIT_PAYMENT"]')).toBeVisible();
  await fillCard(modal, '4000 0000 0000 9995');
  await modal.getByTestId('modal-submit').click();
  await modal.getByTestId('modal-submit').click();
  await expect(modal.getByTestId('purchase-error')).toContainText('Your card has insufficient funds.');
  await modal.getByTestId('purchase-back-to-payment').click();
  await fillCard(modal, '4242 4242 4242 4242');
  await modal.getByTestId('modal-submit').click();
  await expect(modal.getByTestId('purchase-confirm')).toBeVisible();
  await payAndClose(page, modal);
});

test('Payment Info saves a card (confirm card setup); the purchase uses it; Purchase History refunds it and the ticket goes', async ({
  browser,
  request,
}) => {
  // Doors in 10 minutes: refunds are open until then.
  const show = await scheduleShow(request, 10 * 60_000);
  const fan = await verifiedFan(request);
  const page = await device(browser);
  await signIn(page, show.slug, fan.email);

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-payment-info').click();
  const billing = page.getByTestId('billing-modal');
  await fillCard(billing, '4000 0000 0000 0002');
  await billing.getByTestId('billing-first_name').fill('Mina');
  await billing.getByTestId('billing-last_name').fill('Park');
  await billing.getByTestId('billing-line1').fill('1 Stage Road');
  await billing.getByTestId('billing-city').fill('Seoul');
  await billing.getByTestId('billing-state').fill('Seoul');
  await billing.getByTestId('billing-country').selectOption('KR');
  await billing.getByTestId('billing-postal_code').fill('04524');
  await billing.getByTestId('modal-submit').click();
  // A declined card is not saved (COM-44); a good one is (COM-45).
  await expect(billing.getByTestId('billing-error')).toHaveText(
    'Credit card information not valid. Please check the information you entered.',
  );
  await fillCard(billing, '5555 5555 5555 4444');
  await billing.getByTestId('modal-submit').click();
  await expect(billing).toBeHidden();
  await expect(page.getByText('You have successfully added your payment information')).toBeVisible();

  const modal = await startPurchase(page);
  await expect(modal.getByTestId('purchase-card')).toHaveText('Mastercard •••• 4444');
  await payAndClose(page, modal);

  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-purchase-history').click();
  const history = page.getByTestId('history-modal');
  const order = history.getByTestId('history-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(/\$25\.00/);
  await order.getByTestId('history-refund').click();
  await order.getByTestId('history-refund-reason').fill('I cannot make it.');
  await order.getByTestId('history-refund-send').click();
  // What happens to the money (issue 26): the amount, the card that paid, and when it shows.
  await expect(order.getByTestId('history-refund-status')).toHaveText(
    'Your refund request has been received. $25.00 goes back to your Mastercard card ending in 4444. Banks usually show it within 5 to 10 business days. We have emailed you the details.',
  );
  await history.getByTestId('history-tab-cancelled').click();
  await expect(history.getByTestId('history-order')).toHaveCount(1);
  await expect(history.getByTestId('history-refund')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The refund took the ticket: Buy and Validate again.
  await expect(page.getByTestId('ticket-no-invite')).toBeVisible();
});
