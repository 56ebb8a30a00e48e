import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, PASSWORD, scheduleShow, verifiedFan } from '../support/api.ts';
import {
  channelIdOf,
  chatRow,
  demoAccount,
  enterChat,
  joinByApi,
  type SignedIn,
  say,
  signedInPage,
  ticketedFan,
  tossByApi,
} from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Moderation (issue 13): a host appoints a moderator through the API; in the control room the
 * moderator deletes a fan's message (gone from another fan's page), times the fan out (the fan cannot
 * send, the others see nothing of them) and turns slow mode on; the audit log lists all three. The
 * panels are looked at on a desktop and a phone and checked with axe.
 */
test.describe.configure({ timeout: 180_000 });

async function appointedModerator(request: APIRequestContext, slug: string): Promise<SignedIn> {
  const fan = await verifiedFan(request);
  const token = await apiLogin(request, fan.email, PASSWORD);
  const host = await demoAccount(request, 'host@encore.test');
  const res = await request.post(`/thor/host/shows/${slug}/moderators`, {
    data: { username: fan.username },
    headers: { authorization: `Token ${host.token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...fan, token };
}

async function seriousViolations(page: Page, scope = '[data-testid="moderator-room"]') {
  const results = await new AxeBuilder({ page }).include(scope).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const feedRow = (page: Page, text: string) => page.getByTestId('mod-feed-row').filter({ hasText: text });

test('a moderator deletes a message, times a fan out and turns on slow mode; the audit log lists them', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000);
  const [mina, joon] = await Promise.all([ticketedFan(request, show.slug), ticketedFan(request, show.slug)]);
  const moderator = await appointedModerator(request, show.slug);
  const a = await signedInPage(browser, request, mina);
  const b = await signedInPage(browser, request, joon);
  const mod = await signedInPage(browser, request, moderator);
  await Promise.all([enterChat(a, show.slug), enterChat(b, show.slug)]);
  await mod.goto(`/control/${show.slug}`);
  await expect(mod.getByTestId('moderator-room')).toBeVisible({ timeout: 30_000 });
  // Moderators get moderation, not the host's cues.
  await expect(mod.getByTestId('control-chat-off')).toHaveCount(0);

  // The fan chats; the other fan and the moderator's feed see it.
  await say(a, 'first words from mina');
  await expect(chatRow(b, 'first words from mina')).toHaveCount(1);
  await expect(feedRow(mod, 'first words from mina')).toHaveCount(1);

  // The other fan reports it from the message's menu: it lands in the moderators' queue.
  await chatRow(b, 'first words from mina').getByTestId('chat-message-menu').click();
  await b.getByTestId('chat-report').click();
  await expect(chatRow(b, 'first words from mina').getByTestId('chat-reported-note')).toBeVisible();
  await expect(mod.getByTestId('mod-queue-item').filter({ hasText: 'first words from mina' })).toHaveCount(1);

  // Delete for everyone: gone from the other fan's page, the sender's and the feed.
  await feedRow(mod, 'first words from mina').getByTestId('mod-delete').click();
  await expect(chatRow(b, 'first words from mina')).toHaveCount(0);
  await expect(chatRow(a, 'first words from mina')).toHaveCount(0);
  await expect(feedRow(mod, 'first words from mina')).toHaveCount(0);
  await expect(mod.getByTestId('mod-queue-item')).toHaveCount(0);
  // ... and from the history a later join returns.
  await b.reload();
  await expect(b.getByTestId('chat-input')).toBeEnabled({ timeout: 30_000 });
  await expect(chatRow(b, 'first words from mina')).toHaveCount(0);

  // Time the fan out for 5 minutes: their page says so and cannot send; others see nothing of them.
  await say(a, 'mina again');
  await expect(feedRow(mod, 'mina again')).toHaveCount(1);
  await feedRow(mod, 'mina again').getByTestId('mod-timeout-300').click();
  await expect(a.getByTestId('chat-restricted')).toBeVisible();
  await expect(a.getByTestId('chat-restricted')).toHaveAttribute('data-kind', 'timeout');
  await expect(a.getByTestId('chat-input')).toBeDisabled();
  await expect(mod.getByTestId('mod-restricted-item').filter({ hasText: mina.username })).toHaveCount(1);
  // The server holds what the fan's client would not send: a toss through the API reaches nobody.
  const active = (await (await request.get('/thor/channels/active/')).json()) as {
    results: { slug: string; paid_event_name: string }[];
  };
  const paidEventName = active.results.find((s) => s.slug === show.slug)?.paid_event_name ?? '';
  const hang = await joinByApi(request, mina, await channelIdOf(request, show.slug));
  expect(await tossByApi(request, mina, hang, paidEventName, ['sneaky words'])).toEqual([200]);
  await say(b, 'joon is still here');
  await expect(chatRow(a, 'joon is still here')).toHaveCount(1);
  await expect(feedRow(mod, 'joon is still here')).toHaveCount(1);
  await expect(chatRow(b, 'sneaky words')).toHaveCount(0);
  await expect(feedRow(mod, 'sneaky words')).toHaveCount(0);
  // A reload keeps the timeout.
  await a.reload();
  await expect(a.getByTestId('chat-restricted')).toBeVisible({ timeout: 30_000 });
  await expect(a.getByTestId('chat-input')).toBeDisabled();

  // Slow mode on: fans are told, and after one message the composer waits.
  await mod.getByTestId('mod-slow-select').selectOption('30');
  await mod.getByTestId('mod-slow-apply').click();
  await expect(mod.getByTestId('mod-slow-status')).toHaveAttribute('data-on', 'true');
  await expect(b.getByTestId('chat-slow-mode')).toBeVisible();
  await say(b, 'slow one');
  await expect(feedRow(mod, 'slow one')).toHaveCount(1);
  await expect(b.getByTestId('chat-input')).toBeDisabled();

  // The audit log lists all three, with who did them.
  const audit = mod.getByTestId('audit-log');
  for (const action of ['toss.delete', 'fan.timeout', 'policy.slow_mode']) {
    await expect(audit.locator(`[data-action="${action}"]`)).toContainText(moderator.username, {
      timeout: 15_000,
    });
  }

  // The panels, looked at and checked: a desktop and a phone.
  await mod.screenshot({ path: test.info().outputPath('moderation-desktop.png'), fullPage: true });
  expect(await seriousViolations(mod)).toEqual([]);
  await mod.setViewportSize({ width: 390, height: 844 });
  await expect(mod.getByTestId('moderation-panel')).toBeVisible();
  await mod.screenshot({ path: test.info().outputPath('moderation-phone.png'), fullPage: true });
  expect(await seriousViolations(mod)).toEqual([]);
  await a.screenshot({ path: test.info().outputPath('fan-timed-out.png') });

  // The host's control room carries the same panels (and the moderators card), the host's own
  // actions in the log too.
  const host = await signedInPage(browser, request, await demoAccount(request, 'host@encore.test'));
  await host.goto(`/host/${show.slug}/moderate`);
  await expect(host.getByTestId('mod-moderators')).toContainText(moderator.username, { timeout: 30_000 });
  await host
    .getByTestId('mod-restricted-item')
    .filter({ hasText: mina.username })
    .getByTestId('mod-lift')
    .click();
  await expect(a.getByTestId('chat-restricted')).toBeHidden();
  await expect(host.getByTestId('audit-log').locator('[data-action="fan.unrestrict"]')).toBeVisible();
  await host.getByTestId('moderation-panel').scrollIntoViewIfNeeded();
  await host.screenshot({ path: test.info().outputPath('host-moderation-desktop.png'), fullPage: true });
  expect(await seriousViolations(host, '[data-testid="moderation-panel"]')).toEqual([]);
  expect(await seriousViolations(host, '[data-testid="audit-log"]')).toEqual([]);
});
