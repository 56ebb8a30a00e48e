import type { Page } from '@playwright/test';
import { colourAt } from '../../apps/web/src/features/lightstick/lightstick-colours.ts';
import { scheduleShow } from '../support/api.ts';
import { bluetoothLog, fakeBluetooth } from '../support/bluetooth.ts';
import { demoAccount, postAlert, signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { recordAnalytics } from '../support/watching.ts';

/** The Bluetooth light-stick (viewing sections 2, 4, 8 and 9: BT rows, CHR-10). */
test.describe.configure({ timeout: 90_000 });

const CROWN = {
  title: 'Crown',
  tempo: 140,
  startDelay: 0,
  duration: 188,
  gradient: false,
  randomColor: true,
} as const;
const BLACK = [0, 0, 0];

async function openShow(page: Page, slug: string) {
  await page.goto(`/event/${slug}`);
  await expect(page.getByTestId('lightstick-bar')).toBeVisible({ timeout: 30_000 });
}

test('without Web Bluetooth the pairing window says the API is not available and cannot pair', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000, { tabs: ['chat'] });
  const fan = await ticketedFan(request, show.slug);
  const page = await signedInPage(browser, request, fan);
  await openShow(page, show.slug);
  await expect(page.getByTestId('lightstick-bar')).toHaveAttribute('data-status', 'unpaired');
  await expect(page.getByTestId('lightstick-bar')).toContainText('not paired');

  await page.getByTestId('lightstick-open').click();
  const win = page.getByTestId('lightstick-window');
  await expect(win).toBeVisible();
  await expect(win.getByTestId('lightstick-error')).toHaveAttribute('data-error', 'unavailable');
  await expect(win.getByTestId('lightstick-error')).toHaveText(
    'Bluetooth is not available in this browser. Try Chrome on a computer or an Android phone.',
  );
  await expect(win.getByTestId('modal-submit')).toBeDisabled();
  await win.getByTestId('modal-cancel').click();
  await expect(win).toBeHidden();
  await page.context().close();
});

test('a Chrome older than 55 is told to update; a stick that is not found is "device not obtained"', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000, { tabs: ['chat'] });
  const fan = await ticketedFan(request, show.slug);
  const old = await signedInPage(browser, request, fan, undefined, undefined, {
    device: {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/54.0.2840.99 Safari/537.36',
    },
  });
  await fakeBluetooth(old.context());
  await openShow(old, show.slug);
  await old.getByTestId('lightstick-open').click();
  await expect(old.getByTestId('lightstick-error')).toHaveAttribute('data-error', 'old-browser');
  await expect(old.getByTestId('lightstick-error')).toContainText('Chrome 55 or later');
  await expect(old.getByTestId('modal-submit')).toBeDisabled();
  await old.context().close();

  // A stick of another product (its name does not start with the configured prefix) is not offered.
  const page = await signedInPage(browser, request, fan);
  await fakeBluetooth(page.context(), 'OTHER-STICK-9');
  await openShow(page, show.slug);
  await page.getByTestId('lightstick-open').click();
  await page.getByTestId('modal-submit').click();
  await expect(page.getByTestId('lightstick-error')).toHaveAttribute('data-error', 'not-obtained');
  await expect(page.getByTestId('lightstick-error')).toHaveText(
    'We could not connect to a light stick. Make sure it is switched on and nearby, then try again.',
  );
  await expect(page.getByTestId('lightstick-window')).toBeVisible();
  await expect(page.getByTestId('lightstick-bar')).toHaveAttribute('data-status', 'unpaired');
  await page.context().close();
});

test('a paired stick plays the host’s song in time, goes black on stop and again 3 s later; disconnect reopens the window', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000, { tabs: ['chat'] });
  const fan = await ticketedFan(request, show.slug);
  const host = await demoAccount(request, 'host@encore.test');
  const page = await signedInPage(browser, request, fan);
  await fakeBluetooth(page.context());
  const events = recordAnalytics(page);
  await openShow(page, show.slug);

  // Pairing: the window asks for sticks by the configured name prefix and closes once paired (BT-02, BT-09).
  await page.getByTestId('lightstick-open').click();
  await expect(page.getByTestId('lightstick-window')).toBeVisible();
  await expect(page.getByTestId('lightstick-window')).toContainText('ENCORE-LS');
  await page.getByTestId('modal-submit').click();
  await expect(page.getByTestId('lightstick-window')).toBeHidden();
  const bar = page.getByTestId('lightstick-bar');
  await expect(bar).toHaveAttribute('data-status', 'paired');
  await expect(bar).toContainText('ENCORE-LS-0001');
  await expect(bar).toHaveAttribute('data-playing', 'false');
  const log = await bluetoothLog(page);
  expect(log.requests).toEqual([
    { filters: [{ namePrefix: 'ENCORE-LS' }], optionalServices: ['0000ffe0-0000-1000-8000-00805f9b34fb'] },
  ]);
  // BT-05: the pairing is an analytics event (bt_lightstick, qualifier pair), sent with the next batch.
  await expect
    .poll(() => events.filter((e) => e.event_type === 'bt_lightstick').map((e) => e.event_data.qualifier), {
      timeout: 10_000,
    })
    .toEqual(['pair']);

  // The host starts Crown (140 bpm, hex 8c): a colour per beat on the 100 ms step (BT-01, BT-10).
  await postAlert(request, host, show.slug, {
    type: 'lightstick',
    song_title: 'Crown',
    tempo: '8c',
    start_delay: '0',
    duration: 'bc',
    gradient: false,
    action: 'start',
  });
  await expect(bar).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(async () => (await bluetoothLog(page)).writes.length, { timeout: 15_000 })
    .toBeGreaterThan(7);
  const playing = (await bluetoothLog(page)).writes;
  for (const w of playing) {
    expect(w.service).toBe('0000ffe0-0000-1000-8000-00805f9b34fb');
    expect(w.characteristic).toBe('0000ffe1-0000-1000-8000-00805f9b34fb');
  }
  // Each fan's stick shows the seeded colours of the track: beat n's colour, in order.
  const beat = 60_000 / CROWN.tempo;
  const expected: number[][] = [];
  for (let n = 0; n < 8; n++) {
    const c = [...colourAt(CROWN, Math.ceil((n * beat) / 100) * 100)];
    if (expected.at(-1)?.join() !== c.join()) expected.push(c);
  }
  expect(playing.slice(0, expected.length).map((w) => w.colour)).toEqual(expected);
  // In time: beat n is written on the first 100 ms step at or after n × 428.6 ms. A busy machine can
  // only delay a timer, never run it early, so lateness is measured from the least-late write, and
  // most beats must land within 150 ms of their step (the player re-aligns after a late one).
  const due = (n: number) => Math.ceil((n * beat) / 100) * 100;
  const lateness = [0, 1, 2, 3, 4, 5].map((n) => (playing[n]?.at ?? 0) - due(n));
  const offset = Math.min(...lateness);
  const onTime = lateness.filter((l) => l - offset < 150);
  expect(onTime.length, `lateness ${lateness.map((l) => l - offset).join(', ')} ms`).toBeGreaterThanOrEqual(
    5,
  );
  await expect(page.getByTestId('lightstick-colour')).not.toHaveAttribute('data-colour', '0,0,0');

  // Stop: black at once, and black again 3 s later (BT-04).
  await postAlert(request, host, show.slug, { type: 'lightstick', action: 'stop' });
  await expect(bar).toHaveAttribute('data-playing', 'false');
  await expect
    .poll(
      async () => (await bluetoothLog(page)).writes.filter((w) => w.colour.join() === BLACK.join()).length,
      {
        timeout: 10_000,
      },
    )
    .toBe(2);
  const all = (await bluetoothLog(page)).writes;
  const blacks = all.filter((w) => w.colour.join() === BLACK.join());
  expect(all.slice(-2)).toEqual(blacks);
  expect(Math.abs((blacks[1]?.at ?? 0) - (blacks[0]?.at ?? 0) - 3000)).toBeLessThan(300);
  await expect(page.getByTestId('lightstick-colour')).toHaveAttribute('data-colour', '0,0,0');

  // The stick drops: the window opens again with a notice, and the disconnect is an event (BT-02, BT-05).
  await page.evaluate(() => (globalThis as unknown as { __btDrop: () => void }).__btDrop());
  await expect(page.getByTestId('lightstick-window')).toBeVisible();
  await expect(page.getByTestId('lightstick-dropped')).toBeVisible();
  await expect(bar).toHaveAttribute('data-status', 'unpaired');
  await expect
    .poll(() => events.filter((e) => e.event_type === 'bt_lightstick').map((e) => e.event_data.qualifier), {
      timeout: 10_000,
    })
    .toEqual(['pair', 'disconnect']);
  // Paired again, the window closes again.
  await page.getByTestId('modal-submit').click();
  await expect(page.getByTestId('lightstick-window')).toBeHidden();
  await expect(bar).toHaveAttribute('data-status', 'paired');
  await page.context().close();
});

test('light-sticks on: the effect is set up after 1 s and a paired stick glows for the timer, then goes black (CHR-10)', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000, { tabs: ['chat'] });
  const fan = await ticketedFan(request, show.slug);
  const host = await demoAccount(request, 'host@encore.test');
  const page = await signedInPage(browser, request, fan);
  await fakeBluetooth(page.context());
  await openShow(page, show.slug);
  await page.getByTestId('lightstick-open').click();
  await page.getByTestId('modal-submit').click();
  await expect(page.getByTestId('lightstick-bar')).toHaveAttribute('data-status', 'paired');

  const sent = Date.now();
  await postAlert(request, host, show.slug, { type: 'ls', display_code: 1, d: 3 });
  const status = page.getByTestId('lightstick-status');
  await expect(status).toHaveAttribute('data-effect', 'setup');
  await expect(status).toHaveAttribute('data-effect', 'on');
  await expect.poll(async () => (await bluetoothLog(page)).writes.length).toBeGreaterThan(2);
  const first = (await bluetoothLog(page)).writes[0];
  // Set up 1 s after the alert arrived, so at least 1 s after it was sent (same machine, same clock).
  expect((first?.at ?? 0) - sent).toBeGreaterThanOrEqual(1000);
  expect((first?.at ?? 0) - sent).toBeLessThan(3000);
  // The 3 s timer runs out: the effect is over and the stick is black.
  await expect(status).toHaveAttribute('data-effect', 'done', { timeout: 10_000 });
  await expect.poll(async () => (await bluetoothLog(page)).writes.at(-1)?.colour).toEqual(BLACK);
  await page.context().close();
});
