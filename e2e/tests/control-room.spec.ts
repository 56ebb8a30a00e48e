import { apiLogin, PASSWORD, verifiedFan } from '../support/api.ts';
import { channelIdOf, demoAccount, signedInPage } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openViewer } from '../support/viewer.ts';

/** A time as an <input type="datetime-local"> wants it, in the browser's zone (this machine's). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test('a host creates and schedules a show, uploads codes; a fan redeems one and enters; the host sees the viewer count rise', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const host = await demoAccount(request, 'host@encore.test');
  const room = await signedInPage(browser, request, host);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `cr-${tag}`;
  const id = 900_000 + Math.floor(Math.random() * 90_000);

  // The Host entry of the top nav leads to the list of shows.
  await room.goto('/');
  await room.getByTestId('nav-host').click();
  await expect(room.getByTestId('host-home')).toBeVisible();

  // Create: the page checks the fields with the contract's rules before sending.
  await room.getByTestId('host-new-show').click();
  await room.getByTestId('editor-save').click();
  await expect(room.getByTestId('editor-problems')).toBeVisible();
  await room.getByTestId('editor-event-name').fill(`Control room night ${tag}`);
  await room.getByTestId('editor-artist').fill('The Operators');
  await room.getByTestId('editor-slug').fill(slug);
  await room.getByTestId('editor-paid-event').fill(`CR_${tag.toUpperCase()}`);
  await room.getByTestId('editor-paid-event-id').fill(String(id));
  await room.getByTestId('editor-channel-id').fill(String(id));
  // Scheduled: doors open now, the show starts in two minutes.
  const now = Date.now();
  await room.getByTestId('editor-start').fill(localInput(now + 2 * 60_000));
  await room.getByTestId('editor-end').fill(localInput(now + 3 * 3600_000));
  await room.getByTestId('editor-doors').fill(localInput(now - 60_000));
  await room.getByRole('button', { name: 'Add vendor' }).click();
  await expect(room.getByTestId('landing-preview')).toContainText('The Operators');
  await room.getByTestId('editor-save').click();

  // Saved, the show's Codes screen opens, titled with the show's name (not its slug).
  await expect(room.getByTestId('host-codes')).toBeVisible();
  await expect(room.getByTestId('host-show-name')).toHaveText(`Control room night ${tag}`);
  await expect(room.getByTestId('host-status')).toHaveText('Doors open');

  // A CSV with a bad line is refused with that line's error; the fixed file is imported.
  const fan = await verifiedFan(request);
  const code = `CR-${tag.toUpperCase()}`;
  const bad = `code,email,vendor,attributes\n${code},not-an-email,encore,{}\n`;
  await room
    .getByTestId('codes-csv')
    .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(room.getByTestId('codes-import-errors')).toContainText('Line 2');
  const good = `code,email,vendor,attributes\n${code},${fan.email},encore,"{""type"":""Directors""}"\n`;
  await room
    .getByTestId('codes-csv')
    .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(room.getByTestId('codes-table')).toContainText(code);
  await expect(room.getByTestId('codes-total')).toHaveText('1 code(s)');

  // The Run screen: live figures over the host channel, no viewer yet.
  await room.getByTestId('host-tab-run').click();
  await expect(room.getByTestId('live-figures')).toBeVisible();
  await expect(room.getByTestId('fig-viewers')).toHaveText('0', { timeout: 15_000 });

  // The fan redeems the code and enters the show.
  const token = await apiLogin(request, fan.email, PASSWORD);
  const redeem = await request.post('/thor/ticket/validate/', {
    data: {
      channel_id: await channelIdOf(request, slug),
      token: code,
      email: fan.email,
      vendor: 'encore',
      redeemed_only: false,
    },
    headers: { authorization: `Token ${token}` },
  });
  expect(redeem.status(), await redeem.text()).toBe(200);
  await openViewer(browser, request, { ...fan, token }, slug);

  // Within a couple of samples the host sees the viewer count rise.
  await expect(room.getByTestId('fig-viewers')).toHaveText('1', { timeout: 20_000 });

  // The code now reads as redeemed by the fan.
  await room.getByTestId('host-tab-codes').click();
  await expect(room.getByTestId('codes-table')).toContainText(fan.username);
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
