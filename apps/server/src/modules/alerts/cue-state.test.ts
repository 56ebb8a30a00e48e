import { randomUUID } from 'node:crypto';
import { CueState, HangStatusResponse, hangChannel } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, joinedFan, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { connectAs, realtimeUrl } from '../../../test/realtime-client.ts';

let t: TestContext;
let url: string;
let host: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext({ REALTIME_TICK_MS: '10' });
  url = await realtimeUrl(t.app);
  host = auth(await login(t.app, (await createUser(t.db, { role: 'host' })).email));
});
afterAll(async () => {
  await t?.close();
});

type Fan = Awaited<ReturnType<typeof joinedFan>>;

const alert = (slug: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/thor/host/shows/${slug}/alerts`, headers: host, payload });
const cues = async (slug: string) =>
  CueState.parse((await t.app.inject({ url: `/thor/host/shows/${slug}/cues`, headers: host })).json());

function toss(f: Fan, paidEventName: string, text: string) {
  return t.app.inject({
    method: 'POST',
    url: `/thor/hangs/${f.hang.id}/${f.hang.session_id}/toss/`,
    headers: f.headers,
    payload: {
      hang_id: f.hang.id,
      toss_type: 'chat',
      toss_id: randomUUID(),
      toss_text: text,
      toss_data: null,
      paid_event_name: paidEventName,
    },
  });
}

describe('cue state and the per-fan chat switch (control room)', () => {
  it('chat off for one fan silences that fan for everyone else, survives a reload, and on again restores it', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const a = await joinedFan(t.app, t.db, show);
    const b = await joinedFan(t.app, t.db, show);
    const { socket } = await connectAs(url, b.key);
    socket.send({ type: 'subscribe', channels: [{ channel: hangChannel(b.hang.pubnubForHang) }] });
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'pong');

    expect((await alert(show.slug, { type: 'chat', display_code: 0, f: a.user.username })).statusCode).toBe(
      202,
    );
    const muted = await toss(a, show.paid_event_name, 'can anyone hear me');
    expect(muted.json()).toMatchObject({ delivered: false, reason: 'chat_disabled' });
    // b still chats, and b's message is the only one b's socket receives.
    expect((await toss(b, show.paid_event_name, 'b speaks')).json()).toMatchObject({ delivered: true });
    await socket.waitFor(
      (f) => f.type === 'event' && f.event.kind === 'toss' && f.event.toss.toss_text === 'b speaks',
    );
    const texts = socket.frames.flatMap((f) =>
      f.type === 'event' && f.event.kind === 'toss' ? [f.event.toss.toss_text] : [],
    );
    expect(texts).not.toContain('can anyone hear me');
    await socket.close();

    // A reload: the fan's hang_status says chat is off; the control room lists the fan.
    const status = await t.app.inject({
      url: `/thor/hangs/hang_status/?hang_id=${a.hang.id}`,
      headers: a.headers,
    });
    expect(HangStatusResponse.parse(status.json()).chat_enabled).toBe(false);
    expect((await cues(show.slug)).muted.map((m) => m.username)).toEqual([a.user.username]);
    // The show-wide switch stays on: only a was turned off.
    expect((await cues(show.slug)).chat_enabled).toBe(true);

    await alert(show.slug, { type: 'chat', display_code: 1, f: a.user.username });
    expect((await cues(show.slug)).muted).toEqual([]);
    await expect
      .poll(async () => (await toss(a, show.paid_event_name, 'back again')).json().delivered)
      .toBe(true);
  });

  it('keeps the last show-wide cue of each kind; a targeted cue does not change the shown state', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await joinedFan(t.app, t.db, show);
    await alert(show.slug, { type: 'ud', msg: 'first', placement: 'top-left' });
    await alert(show.slug, { type: 'ud', msg: 'second', placement: 'center', d: 60 });
    await alert(show.slug, { type: 'ud', msg: 'only you', f: fan.user.username });
    await alert(show.slug, { type: 'slate', url: '/slates/end.png', es: true, d: -1 });
    await alert(show.slug, { type: 'chat', display_code: 0 });
    const state = await cues(show.slug);
    expect(state.chat_enabled).toBe(false);
    const byType = Object.fromEntries(state.cues.map((c) => [c.alert.type, c.alert]));
    expect(byType.ud).toMatchObject({ msg: 'second', placement: 'center', d: 60 });
    expect(byType.slate).toMatchObject({ url: '/slates/end.png', es: true });
    expect(byType.chat).toMatchObject({ display_code: 0 });

    // Chat on for everyone turns it on for a fan it was off for, too.
    await alert(show.slug, { type: 'chat', display_code: 0, f: fan.user.username });
    expect((await cues(show.slug)).muted).toHaveLength(1);
    await alert(show.slug, { type: 'chat', display_code: 1 });
    expect(await cues(show.slug)).toMatchObject({ chat_enabled: true, muted: [] });
  });

  it('404 for an unknown show, 403 for a fan, 401 without a token', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fan = auth(await login(t.app, (await createUser(t.db)).email));
    expect(
      (await t.app.inject({ url: '/thor/host/shows/no-such-show/cues', headers: host })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/thor/host/shows/${show.slug}/cues`, headers: fan })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: `/thor/host/shows/${show.slug}/cues` })).statusCode).toBe(401);
  });
});
