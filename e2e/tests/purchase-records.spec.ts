import type { Page } from '@playwright/test';
import { apiLogin, PASSWORD, scheduleShow, verifiedFan } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { buyByApi, fillPaymentForm } from '../support/commerce.ts';
import { expect, test } from '../support/fixtures.ts';
import { device, signIn } from '../support/landing.ts';

test.describe.configure({ timeout: 180_000 });

type Mail = { id: number; to: string; subject: string; text: string; kind: string };

/** The newest mail of a kind to an address, once it is in the outbox. */
async function mailOf(page: Page, to: string, kind: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
      found = ((await res.json()) as Mail[]).find((m) => m.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found as Mail;
}

/** The page at both sizes of the brief (1440x900 and 390x844), kept with the test's output. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const WORDS = {
  ko: {
    item: 'HD 멀티뷰 패스',
    receipt: 'Encore: HD 멀티뷰 패스 영수증',
    refund: 'Encore: HD 멀티뷰 패스 환불',
    money: 'US$25.00이(가) Mastercard 카드(끝자리 4444)로 환불됩니다.',
    mailMoney: 'US$25.00이(가) Mastercard 카드(끝자리 4444)로 환불됩니다.',
    received: '환불 요청이 접수되었습니다.',
    closed: '이 티켓은 더 이상 환불할 수 없습니다. 환불은 입장이 시작된',
    paidWith: 'Mastercard 카드(끝자리 4444)로 결제했습니다.',
  },
  ja: {
    item: 'HDマルチビューパス',
    receipt: 'Encore: HDマルチビューパス の領収書',
    refund: 'Encore: HDマルチビューパス の返金',
    money: '$25.00をMastercardカード（末尾 4444）に返金します。',
    mailMoney: '$25.00をMastercardカード（末尾 4444）に返金します。',
    received: '返金リクエストを受け付けました。',
    closed: 'このチケットは返金できなくなりました。返金の受付は開場時刻の',
    paidWith: 'Mastercard（末尾 4444）でお支払い済みです。',
  },
} as const;

for (const lang of ['ko', 'ja'] as const) {
  const w = WORDS[lang];
  test(`issue 26 (${lang}): one item name on card, landing and history with the show named; receipt and refund mails; a refund says where the money goes, a closed one why`, async ({
    browser,
    request,
  }) => {
    // Doors in 10 minutes: refunds open until then. A second show whose doors opened: refunds closed.
    const show = await scheduleShow(request, 10 * 60_000);
    const open = await scheduleShow(request, -60_000);
    const showName = show.slug.replace(/^e2e-/, 'E2E show ');
    const openName = open.slug.replace(/^e2e-/, 'E2E show ');
    const fan = await verifiedFan(request);
    const page = await device(browser, { video: false });
    await signIn(page, show.slug, fan.email);
    await page.getByTestId('language-switcher').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    // Buy the HD item with a Mastercard; the card is not kept unless the fan ticks the box.
    await page.getByTestId('ticket-buy').click();
    const modal = page.getByTestId('purchase-modal');
    await modal.locator('[data-testid^="purchase-item-"]').first().check();
    await expect(modal.getByTestId('purchase-select-ticket')).toContainText(w.item);
    await modal.getByTestId('modal-submit').click();
    await fillPaymentForm(modal, '5555 5555 5555 4444');
    await expect(modal.getByTestId('purchase-save-card')).not.toBeChecked();
    await shoot(page, `${lang}-purchase-payment`);
    await modal.getByTestId('modal-submit').click();
    await expect(modal.getByTestId('purchase-confirm')).toBeVisible();
    await modal.getByTestId('modal-submit').click();
    await expect(modal.getByTestId('purchase-done')).toHaveAttribute('data-state', 'found');
    await expect(modal.getByTestId('purchase-done')).toContainText(w.item);
    await expect(modal.getByTestId('purchase-done')).toContainText(showName);
    await expect(modal.getByTestId('purchase-receipt-note')).toBeVisible();
    await shoot(page, `${lang}-purchase-done`);
    await modal.getByTestId('purchase-close').click();

    // The same name on the show card and on the landing's ticket level.
    await expect(page.getByTestId('ticket-item-name')).toHaveText(w.item);
    await expect(page.getByTestId('tier-hd-name')).toHaveText(w.item);

    // The receipt, in the page's language.
    const receipt = await mailOf(page, fan.email, 'order-receipt');
    expect(receipt.subject).toBe(w.receipt);
    expect(receipt.text).toContain(showName);
    expect(receipt.text).toContain(w.paidWith);

    // A second ticket, for the show whose doors opened: its refund is closed, and the row says why.
    const token = await apiLogin(request, fan.email, PASSWORD);
    await buyByApi(request, token, `${open.slug}-0`, '5555555555554444', lang);

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-purchase-history').click();
    const history = page.getByTestId('history-modal');
    const orders = history.getByTestId('history-order');
    await expect(orders).toHaveCount(2);
    const mine = orders.filter({ hasText: showName });
    const late = orders.filter({ hasText: openName });
    await expect(mine.getByTestId('history-item')).toHaveText(w.item);
    await expect(late.getByTestId('history-item')).toHaveText(w.item);
    await expect(mine.getByTestId('history-show')).toContainText('KST');
    await expect(mine.getByTestId('history-refund-until')).toBeVisible();
    await expect(late.getByTestId('history-refund')).toHaveCount(0);
    await expect(late.getByTestId('history-refund-closed')).toContainText(w.closed);
    await expectNoSeriousA11yViolations(page, `purchase history (${lang})`);
    await shoot(page, `${lang}-history`);

    // The refund says beforehand and after what happens to the money, and mails it.
    await mine.getByTestId('history-refund').click();
    await expect(mine.getByTestId('history-refund-explain')).toContainText(w.money);
    await mine.getByTestId('history-refund-reason').fill('I cannot make it.');
    await shoot(page, `${lang}-refund-ask`);
    await mine.getByTestId('history-refund-send').click();
    const status = mine.getByTestId('history-refund-status');
    await expect(status).toHaveAttribute('data-state', 'done');
    await expect(status).toContainText(w.received);
    await expect(status).toContainText(w.money);
    await shoot(page, `${lang}-refund-done`);
    const refund = await mailOf(page, fan.email, 'order-refund');
    expect(refund.subject).toBe(w.refund);
    expect(refund.text).toContain(w.mailMoney);
    expect(refund.text).toContain(showName);
  });
}
