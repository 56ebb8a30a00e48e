import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, PASSWORD, verifiedFan } from '../support/api.ts';
import {
  chatRow,
  demoAccount,
  enterChat,
  joinByApi,
  type SignedIn,
  say,
  signedInPage,
  tossByApi,
} from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/** A time as an <input type="datetime-local"> wants it, in the browser's zone (this machine's). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A fresh fan the host appoints moderator of `slug` (a fan account, through the host API). */
async function appointedModerator(
  request: APIRequestContext,
  hostToken: string,
  slug: string,
): Promise<SignedIn> {
  const fan = await verifiedFan(request);
  const token = await apiLogin(request, fan.email, PASSWORD);
  const res = await request.post(`/thor/host/shows/${slug}/moderators`, {
    data: { username: fan.username },
    headers: { authorization: `Token ${hostToken}` },
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

/**
 * The control room's journey (issue 13), one story: a host creates and schedules a show, uploads
 * codes; a fan redeems one and enters; the host sees the viewer count rise; the fan chats; a
 * moderator (reaching the host area from the top nav) deletes the message (gone for another fan),
 * times the fan out (the fan cannot send, the others see nothing) and turns slow mode on; the audit
 * log lists all three. The panels are looked at on a desktop and a phone and checked with axe.
 */
test('a host sets up a show and a fan enters; a moderator deletes, times out and slows chat; the audit log lists it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const host = await demoAccount(request, 'host@encore.test');
  const room = await signedInPage(browser, request, host);
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const slug = `cr-${tag}`;
  const id = 900_000 + Math.floor(Math.random() * 90_000);
  const name = `Control room night ${tag}`;

  // The Host entry of the top nav leads to the list of shows.
  await room.goto('/');
  await room.getByTestId('nav-host').click();
  await expect(room.getByTestId('host-home')).toBeVisible();

  // Create: the page checks the fields with the contract's rules before sending.
  await room.getByTestId('host-new-show').click();
  await room.getByTestId('editor-save').click();
  await expect(room.getByTestId('editor-problems')).toBeVisible();
  await room.getByTestId('editor-event-name').fill(name);
  await room.getByTestId('editor-artist').fill('The Operators');
  await room.getByTestId('editor-slug').fill(slug);
  await room.getByTestId('editor-paid-event').fill(`CR_${tag}`);
  await room.getByTestId('editor-paid-event-id').fill(String(id));
  await room.getByTestId('editor-channel-id').fill(String(id));
  // Scheduled: doors open now, the show starts in two minutes; tickets on sale since yesterday, and
  // a sale that would end before it starts is refused on the page.
  const now = Date.now();
  await room.getByTestId('editor-start').fill(localInput(now + 2 * 60_000));
  await room.getByTestId('editor-end').fill(localInput(now + 3 * 3600_000));
  await room.getByTestId('editor-doors').fill(localInput(now - 60_000));
  await room.getByTestId('editor-sale-start').fill(localInput(now - 86_400_000));
  await room.getByTestId('editor-sale-end').fill(localInput(now - 2 * 86_400_000));
  await room.getByTestId('editor-save').click();
  await expect(room.getByTestId('editor-problems')).toContainText('Ticket sales must end after they start.');
  await room.getByTestId('editor-sale-end').fill(localInput(now + 3600_000));
  await room.getByRole('button', { name: 'Add vendor' }).click();
  // The show's own light-stick song.
  await room.getByRole('button', { name: 'Add song' }).click();
  await room.getByTestId('editor-song-title-0').fill('Operators Glow');
  await expect(room.getByTestId('landing-preview')).toContainText('The Operators');
  await room.getByTestId('editor-save').click();

  // Saved, the show's Codes screen opens, titled with the show's name (not its slug).
  await expect(room.getByTestId('host-codes')).toBeVisible();
  await expect(room.getByTestId('host-show-name')).toHaveText(name);
  await expect(room.getByTestId('host-status')).toHaveText('Doors open');

  // A CSV with a bad line is refused with that line's error; the fixed file is imported.
  const [fan, other] = await Promise.all([verifiedFan(request), verifiedFan(request)]);
  const code = `CR-${tag}`;
  const bad = `code,email,vendor,attributes\n${code},not-an-email,encore,{}\n`;
  await room
    .getByTestId('codes-csv')
    .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(room.getByTestId('codes-import-errors')).toContainText('Line 2');
  const good = [
    'code,email,vendor,attributes',
    `${code},${fan.email},encore,"{""type"":""Directors""}"`,
    `${code}-2,${other.email},encore,"{""type"":""Directors""}"`,
  ].join('\n');
  await room
    .getByTestId('codes-csv')
    .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(room.getByTestId('codes-table')).toContainText(code);
  await expect(room.getByTestId('codes-total')).toHaveText('2 code(s)');

  // The Run screen: live figures over the host channel, no viewer yet; the show's own songs.
  await room.getByTestId('host-tab-run').click();
  await expect(room.getByTestId('live-figures')).toBeVisible();
  await expect(room.getByTestId('fig-viewers')).toHaveText('0', { timeout: 15_000 });
  await expect(room.getByTestId('control-stick-songs')).toHaveText('This show’s songs (1)');

  // The fan redeems the code and enters the show.
  const redeem = async (who: { email: string; username: string }, token: string): Promise<SignedIn> => {
    const signedIn = { ...who, token: await apiLogin(request, who.email, PASSWORD) };
    const res = await request.post('/thor/ticket/validate/', {
      data: { channel_id: id, token, email: who.email, vendor: 'encore', redeemed_only: false },
      headers: { authorization: `Token ${signedIn.token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return signedIn;
  };
  const mina = await redeem(fan, code);
  const a = await signedInPage(browser, request, mina);
  await enterChat(a, slug);

  // Within a couple of samples the host sees the viewer count rise; the code reads as redeemed.
  await expect(room.getByTestId('fig-viewers')).toHaveText('1', { timeout: 20_000 });
  await room.getByTestId('host-tab-codes').click();
  await expect(room.getByTestId('codes-table')).toContainText(fan.username);

  // Another fan, and a moderator the host appoints; the moderator reaches the show from the nav.
  const joon = await redeem(other, `${code}-2`);
  const b = await signedInPage(browser, request, joon);
  const moderator = await appointedModerator(request, host.token, slug);
  const mod = await signedInPage(browser, request, moderator);
  await enterChat(b, slug);
  await mod.goto('/');
  await mod.getByTestId('nav-host').click();
  await mod.getByTestId(`mod-home-${slug}`).click();
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
  const hang = await joinByApi(request, mina, id);
  expect(await tossByApi(request, mina, hang, `CR_${tag}`, ['sneaky words'])).toEqual([200]);
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

  // The host's Moderate screen carries the same panels (and the moderators card); the host lifts the
  // time-out, and the host's own action is in the log too.
  await room.getByTestId('host-tab-moderate').click();
  await expect(room.getByTestId('mod-moderators')).toContainText(moderator.username, { timeout: 30_000 });
  await room
    .getByTestId('mod-restricted-item')
    .filter({ hasText: mina.username })
    .getByTestId('mod-lift')
    .click();
  await expect(a.getByTestId('chat-restricted')).toBeHidden();
  await expect(room.getByTestId('audit-log').locator('[data-action="fan.unrestrict"]')).toBeVisible();
  await room.getByTestId('moderation-panel').scrollIntoViewIfNeeded();
  await room.screenshot({ path: test.info().outputPath('host-moderation-desktop.png'), fullPage: true });
  expect(await seriousViolations(room, '[data-testid="moderation-panel"]')).toEqual([]);
  expect(await seriousViolations(room, '[data-testid="audit-log"]')).toEqual([]);
});

test('an unknown show is a not-found state, and a fan has no host area', async ({ browser, request }) => {
  const host = await demoAccount(request, 'host@encore.test');
  const room = await signedInPage(browser, request, host);
  await room.goto('/host/no-such-show-here/run');
  await expect(room.getByTestId('host-not-found')).toBeVisible();
  await expect(room.getByTestId('control-room')).toHaveCount(0);

  const fanAccount = await demoAccount(request, 'fan@encore.test');
  const fanPage = await signedInPage(browser, request, fanAccount);
  await fanPage.goto('/');
  await expect(fanPage.getByTestId('top-nav')).toBeVisible();
  await expect(fanPage.getByTestId('nav-host')).toHaveCount(0);
  await fanPage.goto('/host');
  await expect(fanPage.getByTestId('control-refused')).toBeVisible();
});
