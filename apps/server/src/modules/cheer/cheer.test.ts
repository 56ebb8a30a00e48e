import { randomUUID } from 'node:crypto';
import { resultCode, WallReactionResponse, WallStats } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, joinedFan } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let peer: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext({ CHEER_USER_BUDGET: '3' });
  // A second node on the same database (and Redis, when TEST_REDIS_URL is set).
  peer = await t.peer();
});
afterAll(async () => {
  await t?.close();
});

type Fan = Awaited<ReturnType<typeof fanIn>>;

async function fanIn(show: { id: number; channel_id: number }, app: FastifyInstance = t.app) {
  return { ...(await joinedFan(app, t.db, show)), show };
}

function cheer(f: Fan, count: number, body: Record<string, unknown> = {}, app: FastifyInstance = t.app) {
  return app.inject({
    method: 'POST',
    url: `/thor/hangs/${f.hang.id}/${f.hang.session_id}/wall_reaction/`,
    headers: f.headers,
    payload: {
      hang_id: f.hang.id,
      toss_type: 'wall_reaction',
      toss_id: randomUUID(),
      toss_text: '',
      toss_data: { lt_stk: count },
      ...body,
    },
  });
}

const stats = (file: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: `/wall_stats/${file}` });

/** The total once a regenerated document shows it (documents live one second). */
async function totalOf(show: { channel_id: number }, app: FastifyInstance = t.app): Promise<number> {
  const res = await stats(`${show.channel_id}.json`, app);
  expect(res.statusCode).toBe(200);
  return WallStats.parse(res.json()).toss_data.total_cumulative_lt_stk;
}

describe('POST /thor/hangs/{hangId}/{sessionId}/wall_reaction/', () => {
  it('adds the count to the show total that GET /wall_stats/{channel_id}.json serves, cacheable', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await fanIn(show);
    const empty = await stats(`${show.channel_id}.json`);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('public, max-age=1');
    expect(WallStats.parse(empty.json())).toMatchObject({
      toss_data: { total_cumulative_lt_stk: 0 },
      wall_metadata: { post_show: false, reactions: [{ name: 'lt_stk', active: true, mute: false }] },
    });

    const id = randomUUID();
    const res = await cheer(fan, 7, { toss_id: id });
    expect(res.statusCode).toBe(200);
    // Exactly the contract's shape (the route skips zod's re-parse of its answer): nothing more.
    expect(res.json()).toStrictEqual(WallReactionResponse.parse(res.json()));
    expect(res.json()).toStrictEqual({ toss_id: id, lt_stk: 7 });
    // The answer comes after the batch is committed (a node killed right after it loses nothing).
    const row = await t.db
      .selectFrom('wall_totals')
      .select('lt_stk')
      .where('show_id', '=', show.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.lt_stk)).toBe(7);
    await expect.poll(() => totalOf(show), { interval: 200, timeout: 5000 }).toBe(7);
  });

  it('keeps the total exact under many concurrent posts from many fans on two nodes', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fans = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fanIn(show, i % 2 === 0 ? t.app : peer)),
    );
    // Three posts each (the budget), all at once, half of them on the other node.
    const posts = fans.flatMap((f, i) =>
      [1, 2, 3].map((k) => cheer(f, i * 10 + k, {}, (i + k) % 2 === 0 ? t.app : peer)),
    );
    const answers = await Promise.all(posts);
    expect(answers.map((r) => r.statusCode)).toEqual(posts.map(() => 200));
    const expected = fans.reduce((sum, _, i) => sum + 3 * i * 10 + 6, 0);
    await expect.poll(() => totalOf(show), { interval: 200, timeout: 5000 }).toBe(expected);
    await expect.poll(() => totalOf(show, peer), { interval: 200, timeout: 5000 }).toBe(expected);
  });

  it('a post answered just before a node shuts down is counted', async () => {
    const node = await t.peer();
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await fanIn(show, node);
    expect((await cheer(fan, 9, {}, node)).statusCode).toBe(200);
    await node.close();
    expect(await totalOf(show)).toBe(9);
  });

  it('answers 503 when the taps cannot be written, and counts none of them', async () => {
    const node = await t.peer();
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await fanIn(show, node);
    expect((await cheer(fan, 2, {}, node)).statusCode).toBe(200);
    await t.db.schema.alterTable('wall_totals').renameTo('wall_totals_away').execute();
    try {
      const res = await cheer(fan, 50, {}, node);
      expect(res.statusCode).toBe(503);
      // Not OVER_CAPACITY (a 500): the page keeps these taps and sends them again.
      expect(resultCode('wallReaction', res.statusCode)).not.toBe('OVER_CAPACITY');
    } finally {
      await t.db.schema.alterTable('wall_totals_away').renameTo('wall_totals').execute();
    }
    expect((await cheer(fan, 1, {}, node)).statusCode).toBe(200);
    expect(await totalOf(show)).toBe(3);
  });

  it('answers 500 OVER_CAPACITY over the fan budget, and the refused count is not added', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await fanIn(show);
    for (let i = 0; i < 3; i++) expect((await cheer(fan, 1)).statusCode).toBe(200);
    const over = await cheer(fan, 100);
    expect(over.statusCode).toBe(500);
    expect(over.json().code).toBe('OVER_CAPACITY');
    expect(resultCode('wallReaction', over.statusCode)).toBe('OVER_CAPACITY');
    await expect.poll(() => totalOf(show), { interval: 200, timeout: 5000 }).toBe(3);
  });

  it('refuses malformed bodies with 400 naming the field, and writes nothing', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await fanIn(show);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ toss_type: 'chat' }, 'toss_type'],
      [{ toss_data: { lt_stk: 0 } }, 'toss_data.lt_stk'],
      [{ toss_data: { lt_stk: 1.5 } }, 'toss_data.lt_stk'],
      [{ toss_data: { lt_stk: 1001 } }, 'toss_data.lt_stk'],
      [{ toss_data: null }, 'toss_data'],
      [{ toss_text: 'hi' }, 'toss_text'],
      [{ toss_id: 'not-a-uuid' }, 'toss_id'],
      [{ hang_id: fan.hang.id + 1000 }, 'hang_id'],
    ];
    for (const [body, field] of cases) {
      const res = await cheer(fan, 5, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'BAD_REQUEST', field });
    }
    expect(await totalOf(show)).toBe(0);
  });

  it('needs a login (401), an existing hang (404) and the fan own open session of it (412)', async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const a = await fanIn(show);
    const b = await fanIn(show);
    expect((await cheer({ ...a, headers: { authorization: 'Token nope' } }, 1)).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/thor/hangs/999999/${a.hang.session_id}/wall_reaction/`,
      headers: a.headers,
      payload: {
        hang_id: 999999,
        toss_type: 'wall_reaction',
        toss_id: randomUUID(),
        toss_text: '',
        toss_data: { lt_stk: 1 },
      },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('HANG_NOT_EXISTS');
    // b's session used with a's login.
    const foreign = await cheer({ ...a, hang: { ...a.hang, session_id: b.hang.session_id } }, 1);
    expect(foreign.statusCode).toBe(412);
    expect(await totalOf(show)).toBe(0);
  });
});

describe('GET /wall_stats/{id}.json', () => {
  it('answers 400 for a name that is not <channel_id>.json and 404 for an unknown show', async () => {
    for (const file of ['abc.json', '12', '12.xml', '0.json']) {
      const res = await stats(file);
      expect(res.statusCode, file).toBe(400);
      expect(resultCode('wallStats', res.statusCode)).toBe('INTERACTION_FETCH_FAILURE');
    }
    const missing = await stats('987654321.json');
    expect(missing.statusCode).toBe(404);
    expect(resultCode('wallStats', missing.statusCode)).toBe('INTERACTION_FETCH_FAILURE');
  });

  it('sets post_show once the show has ended, with the light-stick reaction no longer active', async () => {
    const show = await createShow(t.db, { startIn: -130, duration: 120 });
    const res = await stats(`${show.channel_id}.json`);
    expect(res.statusCode).toBe(200);
    expect(WallStats.parse(res.json()).wall_metadata).toEqual({
      post_show: true,
      reactions: [{ name: 'lt_stk', active: false, mute: false }],
    });
  });

  it('answers 500 INTERNAL_SERVER_ERROR when the totals cannot be read', async () => {
    const node = await t.peer();
    const show = await createShow(t.db, { startIn: 10 });
    await t.db.schema.alterTable('wall_totals').renameTo('wall_totals_away').execute();
    try {
      const res = await stats(`${show.channel_id}.json`, node);
      expect(res.statusCode).toBe(500);
      expect(resultCode('wallStats', res.statusCode)).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await t.db.schema.alterTable('wall_totals_away').renameTo('wall_totals').execute();
    }
  });
});
