import {
  channelIdOf,
  demoAccount,
  joinByApi,
  signedInPage,
  ticketedFan,
  tossByApi,
} from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 25: destructive moderation (delete, time out, ban) waits a few seconds with Undo before it is
// sent: a mistaken tap on a phone costs nothing. Undo on the row (focused, for the keyboard) and in
// the toast; without it the action goes through.
test('moderation: delete and time-out wait with Undo; undone nothing is sent, left alone it goes through', async ({
  browser,
  request,
}) => {
  const slug = 'encore-live';
  const host = await demoAccount(request, 'host@encore.test');
  const room = await signedInPage(browser, request, host, { width: 390, height: 844 });
  await room.goto(`/host/${slug}/moderate`);
  await expect(room.getByTestId('mod-feed')).toBeVisible({ timeout: 30_000 });

  const fan = await ticketedFan(request, slug);
  const hang = await joinByApi(request, fan, await channelIdOf(request, slug));
  const text = `undo me ${Date.now().toString(36)}`;
  expect(await tossByApi(request, fan, hang, 'ENCORE_LIVE', [text])).toEqual([200]);
  const row = room.getByTestId('mod-feed-row').filter({ hasText: text });
  await expect(row).toHaveCount(1, { timeout: 30_000 });

  // Delete, then Undo on the row: the focus is on Undo, Enter presses it; the message stays.
  await row.getByTestId('mod-delete').click();
  await expect(row).toHaveAttribute('data-held', 'delete');
  await expect(row.getByTestId('mod-undo')).toBeFocused();
  await expect(room.getByTestId('mod-undo-toast')).toBeVisible();
  await room.keyboard.press('Enter');
  await expect(row).not.toHaveAttribute('data-held', /./);
  await expect(room.getByTestId('toast-info').filter({ hasText: 'Undone' })).toBeVisible();
  // The audit log never heard of it: nothing was sent.
  const audit = room.getByTestId('audit-log');
  const deletion = audit.locator('[data-action="toss.delete"]').filter({ hasText: fan.username });
  await expect(deletion).toHaveCount(0);

  // Time-out, undone from the toast.
  await row.getByTestId('mod-timeout-300').click();
  await expect(row).toHaveAttribute('data-held', 'timeout');
  await room.getByTestId('mod-undo-toast').click();
  await expect(row).not.toHaveAttribute('data-held', /./);
  await expect(room.getByTestId('mod-restricted-item').filter({ hasText: fan.username })).toHaveCount(0);

  // Delete left alone: after the wait it is sent, the message leaves the feed, the audit log has it.
  await row.getByTestId('mod-delete').click();
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  await expect(deletion).toHaveCount(1, { timeout: 15_000 });
  // The toss is gone for everyone: the feed's history no longer returns it.
  await room.reload();
  await expect(room.getByTestId('mod-feed')).toBeVisible({ timeout: 30_000 });
  await expect(room.getByTestId('mod-feed-row').filter({ hasText: text })).toHaveCount(0);
});
