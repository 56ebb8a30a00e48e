import { randomUUID } from 'node:crypto';
import { ChatReplayResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createHangsRepo } from '../hangs/hangs.repo.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);

/** A show with two hangs and tosses at known seconds after T0 (one held by the filter). */
async function showWithChat() {
  const show = await createShow(t.db, { startIn: -60 });
  const repo = createHangsRepo(t.db);
  const h1 = await repo.ensureHang({ showId: show.id, rank: 1, suffix: randomUUID(), name: 'One' });
  const h2 = await repo.ensureHang({ showId: show.id, rank: 2, suffix: randomUUID(), name: 'Two' });
  const author = await createUser(t.db);
  const toss = (hangId: number, s: number, text: string, held: 'profanity' | null = null) => ({
    id: randomUUID(),
    hangId,
    userId: author.id,
    tossType: 'chat' as const,
    tossText: text,
    stickerId: null,
    stickerImage: null,
    sendTime: at(s),
    heldReason: held,
  });
  await repo.insertTosses([
    toss(h1.id, 1, 'first'),
    toss(h2.id, 2, 'second, other hang'),
    toss(h1.id, 3, 'held', 'profanity'),
    toss(h1.id, 65, 'a minute later'),
    toss(h2.id, 4, 'deleted by a moderator'),
  ]);
  await t.db
    .updateTable('tosses')
    .set({ deleted_at: at(10) })
    .where('toss_text', '=', 'deleted by a moderator')
    .execute();
  const other = await createShow(t.db, { startIn: -60 });
  const h3 = await repo.ensureHang({ showId: other.id, rank: 1, suffix: randomUUID(), name: 'Else' });
  await repo.insertTosses([toss(h3.id, 2, 'another show')]);
  return { show, author };
}

async function fanOf(showId: number) {
  const user = await createUser(t.db);
  await createTicket(t.db, { userId: user.id, showId });
  return auth(await login(t.app, user.email));
}

const url = (slug: string, from: number, to: number, extra = '') =>
  `/thor/shows/${slug}/chat_replay/?from=${at(from).toISOString()}&to=${at(to).toISOString()}${extra}`;

describe('GET /thor/shows/{slug}/chat_replay/', () => {
  it("answers the show's delivered tosses of every hang in the window, oldest first, never held or deleted ones", async () => {
    const { show, author } = await showWithChat();
    const res = await t.app.inject({
      method: 'GET',
      url: url(show.slug, 0, 60),
      headers: await fanOf(show.id),
    });
    expect(res.statusCode).toBe(200);
    const body = ChatReplayResponse.parse(res.json());
    expect(body.tosses.map((x) => x.toss_text)).toEqual(['first', 'second, other hang']);
    expect(body.truncated).toBe(false);
    expect(body.tosses[0]?.sender).toMatchObject({ id: author.id, username: author.username });
    expect(body.tosses[0]?.send_time).toBe(at(1).toISOString());

    const later = await t.app.inject({
      method: 'GET',
      url: url(show.slug, 60, 120),
      headers: await fanOf(show.id),
    });
    expect(ChatReplayResponse.parse(later.json()).tosses.map((x) => x.toss_text)).toEqual(['a minute later']);
  });

  it('says when the window holds more than the limit', async () => {
    const { show } = await showWithChat();
    const res = await t.app.inject({
      method: 'GET',
      url: url(show.slug, 0, 600, '&limit=1'),
      headers: await fanOf(show.id),
    });
    const body = ChatReplayResponse.parse(res.json());
    expect(body.tosses.map((x) => x.toss_text)).toEqual(['first']);
    expect(body.truncated).toBe(true);
  });

  it('continues a truncated answer after its last toss, tosses of one instant neither lost nor repeated', async () => {
    const { show } = await showWithChat();
    const repo = createHangsRepo(t.db);
    const hang = await repo.ensureHang({ showId: show.id, rank: 3, suffix: randomUUID(), name: 'Three' });
    const author = await createUser(t.db);
    const same = at(30);
    await repo.insertTosses(
      ['x', 'y', 'z'].map((text) => ({
        id: randomUUID(),
        hangId: hang.id,
        userId: author.id,
        tossType: 'chat' as const,
        tossText: text,
        stickerId: null,
        stickerImage: null,
        sendTime: same,
        heldReason: null,
      })),
    );
    const headers = await fanOf(show.id);
    const seen: string[] = [];
    let after = '';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url(show.slug, 30, 31)}&limit=1${after ? `&after=${after}` : ''}`,
        headers,
      });
      const body = ChatReplayResponse.parse(res.json());
      seen.push(...body.tosses.map((x) => x.toss_text));
      const last = body.tosses.at(-1);
      if (!body.truncated || !last) break;
      after = last.toss_id;
    }
    expect(seen.sort()).toEqual(['x', 'y', 'z']);
  });

  it('is for ticket holders and hosts only', async () => {
    const { show } = await showWithChat();
    const stranger = await createUser(t.db);
    const refused = await t.app.inject({
      method: 'GET',
      url: url(show.slug, 0, 60),
      headers: auth(await login(t.app, stranger.email)),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NO_TICKET' });

    const host = await createUser(t.db, { role: 'host' });
    const allowed = await t.app.inject({
      method: 'GET',
      url: url(show.slug, 0, 60),
      headers: auth(await login(t.app, host.email)),
    });
    expect(allowed.statusCode).toBe(200);

    const anonymous = await t.app.inject({ method: 'GET', url: url(show.slug, 0, 60) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad windows with 400 and an unknown show with 404', async () => {
    const { show } = await showWithChat();
    const headers = await fanOf(show.id);
    for (const bad of [
      url(show.slug, 60, 0),
      url(show.slug, 0, 601),
      `/thor/shows/${show.slug}/chat_replay/?from=x&to=y`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad, headers });
      expect(res.statusCode, bad).toBe(400);
    }
    const missing = await t.app.inject({ method: 'GET', url: url('no-such-show', 0, 60), headers });
    expect(missing.statusCode).toBe(404);
  });
});
