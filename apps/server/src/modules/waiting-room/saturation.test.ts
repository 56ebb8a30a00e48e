import { WaitingRoomState } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createTicket, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

/**
 * Admission that follows the node's real state (issue 28): a synthetic saturation (the event loop
 * held in 400 ms stretches, measured by the node's own perf_hooks monitor) lowers the effective rate
 * by itself, and it comes back to the host's setting once the loop is free.
 */
let t: TestContext;
let hostHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext({ WAITING_ROOM_AUTO: 'true' });
  const host = await createUser(t.db, { role: 'host' });
  hostHeaders = auth(await login(t.app, host.email));
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stateOf(slug: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/thor/host/shows/${slug}/waiting-room`,
    headers: hostHeaders,
  });
  return WaitingRoomState.parse(res.json());
}

describe('admission under saturation', () => {
  it('lowers itself while the event loop is held, and recovers after', { timeout: 120_000 }, async () => {
    const show = await createShow(t.db, { startIn: 10 });
    const settings = {
      rate_per_second: 100,
      max_active: 1000,
      policy: 'arrival',
      paused: false,
      prequeue_minutes: 0,
    };
    await t.app.inject({
      method: 'PUT',
      url: `/thor/host/shows/${show.slug}/waiting-room`,
      headers: hostHeaders,
      payload: settings,
    });
    const fan = await createUser(t.db);
    await createTicket(t.db, { userId: fan.id, showId: show.id });
    const entered = await t.app.inject({
      method: 'POST',
      url: `/thor/shows/${show.slug}/enter/`,
      headers: auth(await login(t.app, fan.email)),
      payload: {},
    });
    expect(entered.statusCode).toBe(200);

    // Hold the loop 400 ms at a time (what a synchronous hot spot does), letting ticks run between.
    let lowered = await stateOf(show.slug);
    const until = Date.now() + 30_000;
    // With Redis the effective rate is the cluster's lowest factor, published a tick after this node's.
    while ((lowered.auto_factor >= 0.5 || lowered.effective_rate >= 50) && Date.now() < until) {
      const end = Date.now() + 400;
      while (Date.now() < end) {
        // busy: the node's loop is saturated
      }
      await sleep(20);
      lowered = await stateOf(show.slug);
    }
    expect(lowered.auto_factor).toBeLessThan(0.5);
    expect(lowered.effective_rate).toBeLessThan(50);
    expect(lowered.saturated_by).toContain('event_loop');

    // Free again: back up to the host's rate, step by step.
    let recovered = lowered;
    const back = Date.now() + 90_000;
    while (recovered.auto_factor < 1 && Date.now() < back) {
      await sleep(500);
      recovered = await stateOf(show.slug);
    }
    expect(recovered.auto_factor).toBe(1);
    expect(recovered.effective_rate).toBe(100);
    expect(recovered.saturated_by).toEqual([]);
  });
});
