import { randomUUID } from 'node:crypto';
import { ActiveChannels, Channel, HangsListResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, joinedFan, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

/**
 * Re-airings (issue 11, decisions.md "Re-airing windows"): a show whose main window is over opens
 * again for each re-airing: entry, chat and the status follow the contract's showWindows rule.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** The main show ran from 5 h to 3 h ago; its re-airing starts in `startIn` minutes. */
async function airedShow(startIn: number) {
  return createShow(t.db, { startIn: -300, duration: 120, reairings: [{ startIn }] });
}

async function ticketHolder(show: { id: number }) {
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId: show.id });
  return auth(await login(t.app, user.email));
}

const enter = (slug: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/thor/shows/${slug}/enter/`, headers });

const channel = async (id: number, headers: Record<string, string>) =>
  Channel.parse((await t.app.inject({ method: 'GET', url: `/thor/channels/${id}/`, headers })).json());

describe('a re-airing reopens the show', () => {
  it('during its doors a fan enters, joins the chat and chats; the show is listed and open', async () => {
    const show = await airedShow(10);
    const headers = await ticketHolder(show);
    const res = await enter(show.slug, headers);
    expect(res.statusCode).toBe(200);
    expect((await channel(show.channel_id, headers)).status).toBe('open');
    const active = ActiveChannels.parse((await t.app.inject({ url: '/thor/channels/active/' })).json());
    expect(active.results.map((c) => c.slug)).toContain(show.slug);

    const fan = await joinedFan(t.app, t.db, show);
    const toss = await t.app.inject({
      method: 'POST',
      url: `/thor/hangs/${fan.hang.id}/${fan.hang.session_id}/toss/`,
      headers: fan.headers,
      payload: {
        hang_id: fan.hang.id,
        toss_type: 'chat',
        toss_id: randomUUID(),
        toss_text: 'here again for the re-airing',
        toss_data: null,
        paid_event_name: show.paid_event_name,
      },
    });
    expect(toss.statusCode).toBe(200);
  });

  it('once it has started the show is live again', async () => {
    const show = await airedShow(-10);
    const headers = await ticketHolder(show);
    expect((await enter(show.slug, headers)).statusCode).toBe(200);
    expect((await channel(show.channel_id, headers)).status).toBe('live');
  });

  it('between windows entry and join_hang are refused with EVENT_NOT_OPEN; the status is ended', async () => {
    const show = await airedShow(120);
    const headers = await ticketHolder(show);
    const res = await enter(show.slug, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'EVENT_NOT_OPEN',
      message: 'The concert has not started yet or has already ended.',
    });
    expect((await channel(show.channel_id, headers)).status).toBe('ended');

    const list = await t.app.inject({
      url: `/thor/hangs/get_hangs_list/?filter=featured_hangs&channel_id=${show.channel_id}`,
      headers,
    });
    const hang = HangsListResponse.parse(list.json()).hang_category_list[0]?.hangs[0];
    const join = await t.app.inject({
      method: 'PUT',
      url: '/thor/hangs/join_hang/',
      headers,
      payload: { hang_id: hang?.id, session_id: 'new' },
    });
    expect(join.statusCode).toBe(403);
    expect(join.json()).toMatchObject({ code: 'EVENT_NOT_OPEN' });
  });

  it('after its last re-airing the show is no longer listed, and entry is refused', async () => {
    const show = await createShow(t.db, {
      startIn: -600,
      duration: 120,
      reairings: [{ startIn: -200, endIn: -100 }],
    });
    const headers = await ticketHolder(show);
    expect((await enter(show.slug, headers)).statusCode).toBe(403);
    const active = ActiveChannels.parse((await t.app.inject({ url: '/thor/channels/active/' })).json());
    expect(active.results.map((c) => c.slug)).not.toContain(show.slug);
  });
});
