import type { APIRequestContext } from '@playwright/test';
import { scheduleShow } from '../support/api.ts';
import { joinByApi } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { fanWith, type Session, seekTo, waitPlaying, watch } from '../support/watching.ts';

// Issue 11: the replay shows the show's chat beside the picture, in time with it, following seeks.
test.describe.configure({ timeout: 150_000 });

type ShowInfo = { slug: string; channel_id: number; event: { event_start_time: string } };

async function showInfo(request: APIRequestContext, slug: string): Promise<ShowInfo> {
  const active = (await (await request.get('/thor/channels/active/')).json()) as { results: ShowInfo[] };
  const show = active.results.find((s) => s.slug === slug);
  if (!show) throw new Error(`no show ${slug}`);
  return show;
}

/** One chat message through the API; answers its server send time (ms). */
async function say(
  request: APIRequestContext,
  who: Session,
  hang: { id: number; session: string },
  paidEventName: string,
  text: string,
): Promise<number> {
  const res = await request.post(`/thor/hangs/${hang.id}/${hang.session}/toss/`, {
    data: {
      hang_id: hang.id,
      toss_type: 'chat',
      toss_id: crypto.randomUUID(),
      toss_text: text,
      toss_data: null,
      paid_event_name: paidEventName,
    },
    headers: { authorization: `Token ${who.key}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse(((await res.json()) as { toss: { send_time: string } }).toss.send_time);
}

test('chat replay: beside an on-demand picture, the chat written up to the moment on screen, following seeks', async ({
  browser,
  request,
}) => {
  // On now (doors a minute ago, start now), playing the on-demand rendition: a replay.
  const { slug, name } = await scheduleShow(request, -60_000, {}, (n) => `/media/${n}/vod.m3u8`);
  const show = await showInfo(request, slug);
  const start = Date.parse(show.event.event_start_time);
  const writer = await fanWith(request, { type: 'Directors' }, slug);
  const watcher = await fanWith(request, { type: 'Directors' }, slug);
  const who = writer.user as { username: string };
  const hang = await joinByApi(
    request,
    { email: '', username: who.username, token: writer.key },
    show.channel_id,
  );

  // Two messages a few seconds apart within the recording's 20 s (the media time is the show's time).
  await expect.poll(() => Date.now() - start, { intervals: [250], timeout: 10_000 }).toBeGreaterThan(2_500);
  const first = (await say(request, writer, hang, name, 'first words of the night')) - start;
  const firstSent = Date.now();
  await expect
    .poll(() => Date.now() - firstSent, { intervals: [250], timeout: 10_000 })
    .toBeGreaterThan(4_000);
  const second = (await say(request, writer, hang, name, 'and the encore')) - start;
  expect(second).toBeLessThan(19_000);

  const page = await watch(browser, watcher, { slug });
  await waitPlaying(page);
  const replay = page.getByTestId('chat-replay');
  await expect(replay).toBeVisible();
  // A replay has no live room: no composer.
  await expect(page.getByTestId('chat-column')).toHaveCount(0);

  const list = replay.getByTestId('chat-list');
  await seekTo(page, Math.max(0.2, first / 1000 - 1.5));
  await expect(list).not.toContainText('first words of the night');
  await seekTo(page, (first + second) / 2000);
  await expect(list).toContainText('first words of the night');
  await expect(list).not.toContainText('and the encore');
  await seekTo(page, second / 1000 + 1);
  await expect(list).toContainText('and the encore');
  await expect(list.getByText(who.username).first()).toBeVisible();
  // A seek back takes what was written after the new moment away again.
  await seekTo(page, 0.1);
  await expect(list).not.toContainText('first words of the night');
  // Before the first line the replay says so; it does not invite the fan to write in a room that is over.
  await expect(list).toContainText('No one had written yet at this point of the show.');
  await expect(list).not.toContainText('Say hi');
  await page.context().close();
});
