import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, createUser, joinedFan, STRONG_PASSWORD } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { privateRedis } from '../../test/private-redis.ts';

/**
 * While Redis is unreachable (issue 12): health says degraded and names it, logins answer at once on
 * the in-memory rate limits, and a toss is refused at once with the spec's OVER_CAPACITY. A private
 * redis-server on port 6391 is killed and started again.
 */
const redis = privateRedis(6391);
let t: TestContext;
beforeAll(async () => {
  await redis.start();
  t = await createTestContext({}, { redisUrl: redis.url });
});
afterAll(async () => {
  await t?.close();
  await redis.kill();
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

describe('Redis unreachable', () => {
  it('health 503 names redis, login answers fast, a toss is refused fast; all recover when Redis is back', async () => {
    const user = await createUser(t.db);
    const show = await createShow(t.db, { startIn: 10 });
    const fan = await joinedFan(t.app, t.db, show);
    const toss = () =>
      t.app.inject({
        method: 'POST',
        url: `/thor/hangs/${fan.hang.id}/${fan.hang.session_id}/toss/`,
        headers: fan.headers,
        payload: {
          hang_id: fan.hang.id,
          toss_type: 'chat',
          toss_id: randomUUID(),
          toss_text: 'hello',
          toss_data: null,
          paid_event_name: show.paid_event_name,
        },
      });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/thor/auth/email_login/',
        payload: { email: user.email, password: STRONG_PASSWORD },
      });
    const health = () => t.app.inject({ method: 'GET', url: '/healthz' });

    expect((await health()).json()).toMatchObject({ status: 'ok', failing: [] });
    expect((await toss()).statusCode).toBe(200);

    await redis.kill();

    const down = await timed(health);
    expect(down.value.statusCode).toBe(503);
    expect(down.value.json()).toMatchObject({ status: 'degraded', failing: ['redis'] });
    expect(down.ms).toBeLessThan(2000);

    // Password hashing is most of a login; Redis adds nothing while it is away.
    const loggedIn = await timed(login);
    expect(loggedIn.value.statusCode, loggedIn.value.body).toBe(200);
    expect(loggedIn.ms).toBeLessThan(1000);

    const refused = await timed(toss);
    expect(refused.value.statusCode).toBe(500);
    expect(refused.value.json()).toMatchObject({ code: 'OVER_CAPACITY' });
    expect(refused.ms).toBeLessThan(1000);

    // The limits still hold, in memory: a wrong password counts.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/thor/auth/email_login/',
      payload: { email: user.email, password: 'not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(401);

    await redis.start();
    // The client reconnects within its 2 s retry step.
    let back = await health();
    for (let i = 0; i < 100 && back.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await health();
    }
    expect(back.json()).toMatchObject({ status: 'ok', failing: [] });
    expect((await toss()).statusCode).toBe(200);
  });
});
