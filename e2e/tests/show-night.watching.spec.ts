import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { apiLogin, PASSWORD, verifiedFan } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { demoAccount, signedInContext, signedInPage } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { RTMP_PORT } from '../support/ingest.ts';

// Issue 25, show night from the operator's chair: the host makes a show in the page, pushes two named
// angles with the keys the page gives, sees them by name with their health, hears (and is notified)
// when one drops and when it returns, goes live before the doors open (asked first), and ends the
// show from the phone's status bar. The fan's landing, the host list and the preview agree at each step.
test.describe.configure({ timeout: 300_000 });

/** What the page's script sees (the e2e project has no DOM types). */
type Win = {
  __asked: number;
  __notes: string[];
  Notification: unknown;
  document: { documentElement: { scrollHeight: number; scrollWidth: number }; activeElement: unknown };
};

const encoders: ChildProcess[] = [];
test.afterEach(() => {
  for (const e of encoders) e.kill('SIGKILL');
});

/**
 * One small encoder (426x240, 30 fps, x264 ultrafast, a keyframe a second, a tone) pushing `key`, at
 * real time or, `readrate` 0.5, at half of it (an encoder too slow for its picture).
 */
function push(key: string, look: string, pitch: number, readrate = 1): ChildProcess {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-readrate', String(readrate)],
      ...['-f', 'lavfi', '-i', `${look}=size=426x240:rate=30`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${pitch}:sample_rate=48000`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-b:v', '400k'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'],
      ...['-f', 'flv', `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // ffmpeg names its output URL in errors: keys never reach the test's log.
  child.stderr?.on('data', (d: Buffer) =>
    process.stderr.write(d.toString().replace(/live_[0-9a-f]{16}_[A-Za-z0-9_-]+/g, '<stream key>')),
  );
  encoders.push(child);
  return child;
}

/** A time as an <input type="datetime-local"> wants it, in the browser's zone (this machine's). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The key of one angle as the host takes it from the page: revealed, read, hidden again. */
async function takeKey(room: Page, stream: string): Promise<string> {
  const row = room.getByTestId(`broadcast-key-${stream}`);
  await expect(row.getByTestId('broadcast-key-full')).toHaveCount(0);
  await row.getByTestId(`broadcast-reveal-${stream}`).click();
  const key = (await row.getByTestId('broadcast-key-full').textContent()) ?? '';
  await row.getByTestId(`broadcast-reveal-${stream}`).click();
  await expect(row.getByTestId('broadcast-key-full')).toHaveCount(0);
  return key.trim();
}

test('show night: a show made in the page, two named angles with their health, an alert when one drops and returns, Go live before doors, End show; landing, host list and preview agree', async ({
  browser,
  request,
}, info) => {
  const host = await demoAccount(request, 'host@encore.test');
  const context = await signedInContext(
    browser,
    request,
    host,
    { viewport: { width: 1440, height: 900 }, permissions: ['notifications'] },
    true,
  );
  // The browser's notifications, recorded: asked for only on the host's click, then one per alert.
  await context.addInitScript(() => {
    const w = globalThis as unknown as Win;
    w.__asked = 0;
    w.__notes = [];
    class Recorded {
      static permission = 'default';
      static requestPermission() {
        w.__asked += 1;
        Recorded.permission = 'granted';
        return Promise.resolve('granted');
      }
      constructor(title: string) {
        w.__notes.push(title);
      }
    }
    w.Notification = Recorded;
  });
  const room = await context.newPage();
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `night-${tag}`;
  const name = `Show night ${tag}`;

  // New show: its ids default past the demo's (never 1), the required fields are marked.
  await room.goto('/host/new');
  await expect(room.getByTestId('editor-paid-event-id')).not.toHaveValue('1');
  await expect(room.getByTestId('editor-channel-id')).not.toHaveValue('1');
  await expect(room.getByTestId('editor-event-name')).toHaveAttribute('required', '');
  // A refused save names the field by its label and puts the cursor there.
  await room.getByTestId('editor-save').click();
  await expect(room.getByTestId('editor-problems')).toContainText('Show name');
  await expect(room.getByTestId('editor-problems')).not.toContainText('event_name');
  await expect(room.getByTestId('editor-event-name')).toBeFocused();
  await expectNoSeriousA11yViolations(room, 'New show, problems named');
  await room.getByTestId('editor-event-name').fill(name);
  await room.getByTestId('editor-artist').fill('The Night Shift');
  await room.getByTestId('editor-slug').fill(slug);
  await room.getByTestId('editor-paid-event').fill(`NIGHT_${tag}`);
  // Doors in twenty minutes: Go live comes before them.
  const now = Date.now();
  await room.getByTestId('editor-doors').fill(localInput(now + 20 * 60_000));
  await room.getByTestId('editor-start').fill(localInput(now + 30 * 60_000));
  await room.getByTestId('editor-end').fill(localInput(now + 3 * 3600_000));
  const angles = room.getByTestId('editor-angles');
  await angles.getByLabel('Name').first().fill('Stage wide');
  await angles.getByRole('button', { name: 'Add angle' }).click();
  await angles.getByLabel('Name').nth(1).fill('Drum cam');
  await room.getByTestId('editor-save').click();
  await expect(room.getByTestId('host-codes')).toBeVisible();
  // The status bar is on every screen of the show: the demo loop until live feeds are taken.
  const bar = room.getByTestId('show-status-bar');
  await expect(bar.getByTestId('host-status')).toHaveText('Upcoming');
  await expect(bar.getByTestId('feeds-summary')).toHaveAttribute('data-problems', 'none');

  // A Setup tab left open from before Take live feeds: its save is refused, with a way to reload.
  const setup = await context.newPage();
  await setup.goto(`/host/${slug}/setup`);
  await expect(setup.getByTestId('host-editor')).toBeVisible();

  // Run opens on the broadcast: live feeds taken, keys hidden until revealed, under the angles' names.
  await room.getByTestId('host-tab-run').click();
  const panel = room.getByTestId('broadcast-panel');
  // The preview plays the demo loop until the show takes live feeds, then the feeds, without a reload.
  const preview = room.getByTestId('host-preview-video');
  await expect(preview).toHaveAttribute('data-stream-url', /^\/media\/mix-stream1\//);
  await panel.getByTestId('broadcast-enable').click();
  await expect(panel).toHaveAttribute('data-state', 'scheduled');
  const livePreview = `/media/live/${slug}/mix-stream1/index.m3u8`;
  await expect(preview).toHaveAttribute('data-stream-url', livePreview);
  await expect(room.getByTestId('broadcast-key-mix-stream1')).toContainText('Stage wide');
  await expect(room.getByTestId('broadcast-key-mix-stream2')).toContainText('Drum cam');
  const panelTop = (await panel.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(panelTop).toBeLessThan(400);
  const keys = [await takeKey(room, 'mix-stream1'), await takeKey(room, 'mix-stream2')];
  await setup.getByTestId('editor-save').click();
  await expect(setup.getByTestId('editor-stale')).toContainText('Nothing was saved');
  await setup.getByTestId('editor-reload').click();
  await expect(setup.getByTestId('editor-stale')).toHaveCount(0);
  await setup.getByTestId('editor-save').click();
  await expect(setup.getByTestId('toast-success')).toBeVisible();
  await setup.close();

  // The fan's landing and the host list, before anything is pushed.
  const fan = await verifiedFan(request);
  const landing = await signedInPage(browser, request, {
    ...fan,
    token: await apiLogin(request, fan.email, PASSWORD),
  });
  await landing.goto(`/?show=${slug}`);
  const fanPill = landing.getByTestId('show-ticketing').getByTestId('show-status');
  await expect(fanPill).toHaveAttribute('data-status', 'upcoming', { timeout: 30_000 });
  const list = await context.newPage();
  await list.goto('/host');
  const listPill = list.getByTestId(`host-row-${slug}`).getByTestId('host-status');
  await expect(listPill).toHaveText('Upcoming');

  // Two encoders push with the page's keys: both angles on air, by name, with what arrives.
  push(keys[0] ?? '', 'testsrc2', 440);
  let drums = push(keys[1] ?? '', 'smptebars', 660);
  const stage = room.getByTestId('broadcast-angle-mix-stream1');
  const drum = room.getByTestId('broadcast-angle-mix-stream2');
  await expect(stage).toHaveAttribute('data-healthy', 'true', { timeout: 60_000 });
  await expect(drum).toHaveAttribute('data-healthy', 'true', { timeout: 60_000 });
  await expect(stage.getByTestId('broadcast-angle-name')).toHaveText('Stage wide');
  await expect(drum.getByTestId('broadcast-angle-name')).toHaveText('Drum cam');
  await expect(stage.getByTestId('angle-fps')).not.toHaveText('–');
  await expect(bar.getByTestId('feeds-summary')).toHaveText('All feeds healthy');

  // Alerts on, from a button: the permission is asked then, not on load.
  expect(await room.evaluate(() => (globalThis as unknown as Win).__asked)).toBe(0);
  const toggle = bar.getByTestId('alerts-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await room.evaluate(() => (globalThis as unknown as Win).__asked)).toBe(1);
  const played = async () => Number(await toggle.getAttribute('data-played'));
  const notes = () => room.evaluate(() => (globalThis as unknown as Win).__notes);

  // The drum camera's encoder dies: the host sees it by name, hears it and is notified.
  const playedBefore = await played();
  drums.kill('SIGKILL');
  // The bar shows the latest alert, the ones before it fold under "Recent alerts".
  const told = (kind: string) =>
    bar.locator(`[data-testid^="feed-alert"][data-stream="mix-stream2"][data-kind="${kind}"]`).first();
  await expect(told('down')).toContainText('Drum cam dropped', { timeout: 60_000 });
  await expect(told('down').locator('time')).toHaveText(/\d{2}:\d{2}:\d{2}\s?\S+/);
  await expect(bar.getByTestId('feeds-summary')).not.toHaveAttribute('data-problems', '0');
  await expect.poll(notes).toContain('Drum cam dropped');
  await expect.poll(played).toBeGreaterThan(playedBefore);
  await room.screenshot({ path: info.outputPath('run-alert-desktop.png') });

  // It comes back too slow (half real time): the host is told it falls behind, and what to change.
  drums = push(keys[1] ?? '', 'smptebars', 660, 0.5);
  await expect(told('slow')).toContainText('Drum cam is falling behind real time', { timeout: 60_000 });
  await expect.poll(notes).toContain('Drum cam is falling behind real time');
  await expect(drum.getByTestId('broadcast-issue-encoder_too_slow')).toContainText('use a faster preset');
  const speed = Number.parseFloat((await drum.getByTestId('angle-speed').textContent()) ?? '');
  expect(speed).toBeLessThan(0.9);
  await room.screenshot({ path: info.outputPath('run-slow-desktop.png') });

  // A real-time encoder again: back, told too.
  drums.kill('SIGKILL');
  drums = push(keys[1] ?? '', 'smptebars', 660);
  await expect(told('back')).toContainText('Drum cam is back', { timeout: 60_000 });
  await expect.poll(notes).toContain('Drum cam is back');
  await expect(drum).toHaveAttribute('data-healthy', 'true');

  await room.screenshot({ path: info.outputPath('run-desktop.png') });
  await expectNoSeriousA11yViolations(room, 'Run, two angles on air');

  // Go live before the doors open: asked first, in those words.
  await panel.getByTestId('broadcast-go-live').click();
  const confirm = room.getByTestId('broadcast-confirm');
  await expect(confirm).toContainText('Open doors and go live?');
  await confirm.getByRole('button', { name: 'Open doors and go live' }).click();
  await expect(panel).toHaveAttribute('data-state', 'live');
  // One truth: the status bar, the host list, the fan's landing and the preview all follow it.
  await expect(bar.getByTestId('host-status')).toHaveText('Live');
  await expect(preview).toHaveAttribute('data-stream-url', livePreview);
  await expect(listPill).toHaveText('Live', { timeout: 30_000 });
  await expect(fanPill).toHaveAttribute('data-status', 'live', { timeout: 30_000 });

  // Broadcast and Moderate at a desktop, looked at.
  await panel.screenshot({ path: info.outputPath('broadcast-desktop.png') });
  await room.getByTestId('host-tab-moderate').click();
  await expect(room.getByTestId('moderation-panel')).toBeVisible({ timeout: 30_000 });
  await expect(bar.getByTestId('feeds-summary')).toHaveText('All feeds healthy');
  await room.screenshot({ path: info.outputPath('moderate-desktop.png') });
  await expectNoSeriousA11yViolations(room, 'Moderate, live');

  // A phone: the status bar stays on top with End show; Run shows one part at a time.
  await room.setViewportSize({ width: 390, height: 844 });
  await room.screenshot({ path: info.outputPath('moderate-phone.png') });
  await room.getByTestId('host-tab-run').click();
  await expect(room.getByTestId('run-section-broadcast')).toHaveAttribute('aria-pressed', 'true');
  await expect(room.getByTestId('live-figures')).toBeHidden();
  const runHeight = await room.evaluate(
    () => (globalThis as unknown as Win).document.documentElement.scrollHeight,
  );
  expect(runHeight).toBeLessThan(2600);
  expect(
    await room.evaluate(() => (globalThis as unknown as Win).document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  await room.screenshot({ path: info.outputPath('run-phone.png') });
  await panel.screenshot({ path: info.outputPath('broadcast-phone.png') });
  await room.getByTestId('run-section-figures').click();
  await expect(room.getByTestId('live-figures')).toBeVisible();
  await expect(panel).toBeHidden();
  await expectNoSeriousA11yViolations(room, 'Run on a phone');
  // Scrolled down, the status bar is still in view.
  await room.mouse.wheel(0, 2000);
  await expect(bar.getByTestId('status-end-show')).toBeInViewport();

  // Keyboard only: from the tabs to End show, Enter opens the question, Escape leaves it.
  await room.getByTestId('host-tab-run').focus();
  const end = bar.getByTestId('status-end-show');
  for (
    let i = 0;
    i < 8 && !(await end.evaluate((el) => el === (globalThis as unknown as Win).document.activeElement));
    i++
  ) {
    await room.keyboard.press('Tab');
  }
  await expect(end).toBeFocused();
  await room.keyboard.press('Enter');
  await expect(room.getByTestId('status-end-confirm')).toBeVisible();
  await room.keyboard.press('Escape');
  await expect(room.getByTestId('status-end-confirm')).toHaveCount(0);

  // End show from the phone's status bar: everyone agrees it ended, the fan is told where the replay is.
  await end.click();
  await room.getByTestId('status-end-confirm').getByRole('button', { name: 'End show' }).click();
  await expect(bar).toHaveAttribute('data-state', /ended|replay/);
  await expect(bar.getByTestId('host-status')).toHaveText('Ended');
  await expect(bar.getByTestId('status-end-show')).toHaveCount(0);
  await expect(listPill).toHaveText('Ended', { timeout: 30_000 });
  const doors = landing.getByTestId('doors-state');
  await expect(doors).toHaveAttribute('data-status', 'ended', { timeout: 30_000 });
  await expect(doors).toContainText('The show has ended');
  await expect(doors).not.toContainText('Doors are open');
  await landing.screenshot({ path: info.outputPath('landing-ended.png') });

  // The host list on a phone: each show a card with its actions in reach, nothing sideways.
  await list.setViewportSize({ width: 390, height: 844 });
  const row = list.getByTestId(`host-row-${slug}`);
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole('link', { name: 'Setup' })).toBeInViewport();
  expect(
    await list.evaluate(() => (globalThis as unknown as Win).document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  const wrap = list.getByTestId('host-show-list');
  expect(
    await wrap.evaluate(
      (el) =>
        (el as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth <=
        (el as unknown as { clientWidth: number }).clientWidth + 1,
    ),
  ).toBe(true);
  await list.screenshot({ path: info.outputPath('host-list-phone.png') });
  await expectNoSeriousA11yViolations(list, 'Host list on a phone');
});
