import { randomUUID } from 'node:crypto';
import { OrderCreated, OrderListResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING, buyer, CARD, confirm, order, sellingShow } from '../../../test/commerce-fixtures.ts';
import { createShow, createTicket, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createRetentionRepo } from './retention.repo.ts';
import { createRetentionService } from './retention.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const silent = { info() {}, error() {}, warn() {}, debug() {} } as never;
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2030-06-15T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('COM-62: a refund deletes the payment data of the order at once', () => {
  it('the client_secret goes with the refund; the dispute record (amount, charge reference, reason, times) stays', async () => {
    const fan = await buyer(t.app, t.db);
    const { items } = await sellingShow(t.db);
    const res = await order(t.app, fan.headers, {
      item_list: [{ item_id: items[0]?.item_id, quantity: 1 }],
      billing: BILLING,
    });
    const created = OrderCreated.parse(res.json());
    await confirm(t.app, 'payment', created.client_secret as string, { card: CARD('4242424242424242') });
    const row = () =>
      t.db
        .selectFrom('orders')
        .selectAll()
        .where('order_id', '=', created.order_id)
        .executeTakeFirstOrThrow();
    expect((await row()).client_secret).toBe(created.client_secret);

    const refund = await t.app.inject({
      method: 'DELETE',
      url: `/thor/pg/order/?order_id=${created.order_id}&reason=${encodeURIComponent('Cannot make it')}`,
      headers: fan.headers,
    });
    expect(refund.statusCode).toBe(200);
    const kept = await row();
    expect(kept.client_secret).toBeNull();
    expect(kept).toMatchObject({
      status: 'canceled',
      total_charges: 2500,
      currency: 'USD',
      cancel_reason: 'Cannot make it',
    });
    expect(kept.payment_intent_id).toMatch(/^pi_/);
    expect(kept.canceled_at).toBeInstanceOf(Date);
    const history = OrderListResponse.parse(
      (
        await t.app.inject({ method: 'GET', url: '/thor/pg/order/?status=cancelled', headers: fan.headers })
      ).json(),
    );
    expect(history.results.map((r) => [r.order_id, r.client_secret ?? null])).toEqual([
      [created.order_id, null],
    ]);
  });
});

/** Rows on both sides of each retention limit, for one user. */
async function seed() {
  const user = await createUser(t.db);
  const { items } = await sellingShow(t.db);
  const itemId = items[0]?.item_id as string;
  const show = await createShow(t.db);
  const ticket = await createTicket(t.db, { userId: user.id, showId: show.id });
  const tag = randomUUID().slice(0, 8);
  const line = (id: string, status: 'canceled' | 'fulfilled', canceledDaysAgo: number | null) => ({
    sub_order_id: `${tag}-${id}`,
    order_id: `${tag}-${id}`,
    user_id: user.id,
    item_id: itemId,
    status,
    total_charges: 2500,
    currency: 'USD',
    time_ordered: ago(2000),
    canceled_at: canceledDaysAgo === null ? null : ago(canceledDaysAgo),
  });
  await t.db
    .insertInto('orders')
    .values([
      line('old-refund', 'canceled', 3 * 366),
      line('recent-refund', 'canceled', 3 * 365 - 5),
      line('old-purchase', 'fulfilled', null),
    ])
    .execute();
  const session = (ended: number | null, seen: number) => ({
    id: randomUUID(),
    user_id: user.id,
    show_id: show.id,
    ticket_id: ticket.id,
    created_at: ago(seen + 1),
    last_seen_at: ago(seen),
    ended_at: ended === null ? null : ago(ended),
    end_reason: ended === null ? null : ('left' as const),
  });
  const sessions = {
    oldEnded: session(95, 95),
    recentEnded: session(80, 80),
    silent: session(null, 100),
    live: session(null, 0),
  };
  await t.db.insertInto('device_sessions').values(Object.values(sessions)).execute();
  const hang = await t.db
    .insertInto('hangs')
    .values({ show_id: show.id, rank: 1, suffix: `r-${tag}`, name: 'Room' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hangSessions = { oldLeft: randomUUID(), recentLeft: randomUUID(), open: randomUUID() };
  await t.db
    .insertInto('hang_sessions')
    .values([
      {
        id: hangSessions.oldLeft,
        hang_id: hang.id,
        user_id: user.id,
        created_at: ago(120),
        left_at: ago(100),
      },
      {
        id: hangSessions.recentLeft,
        hang_id: hang.id,
        user_id: user.id,
        created_at: ago(120),
        left_at: ago(30),
      },
      { id: hangSessions.open, hang_id: hang.id, user_id: user.id, created_at: ago(1), left_at: null },
    ])
    .execute();
  const visit = (days: number) => ({
    received_at: ago(days),
    event_time: ago(days),
    event_type: 'page_view',
    event_category: tag,
    user_id: user.id,
    visitor_id: `${tag}-v`,
    event_data: JSON.stringify({}),
  });
  await t.db
    .insertInto('analytics_events')
    .values([visit(93), visit(88)])
    .execute();
  return { user, tag, sessions, hangSessions };
}

describe('COM-62: the retention job', () => {
  it('purges dispute records after 3 years and access logs after 3 months, and nothing younger or still open', async () => {
    const s = await seed();
    const job = createRetentionService({ repo: createRetentionRepo(t.db), log: silent, now: () => NOW });
    const counts = await job.purge();
    expect(counts.disputeRecords).toBeGreaterThanOrEqual(1);
    expect(counts.deviceSessions).toBeGreaterThanOrEqual(2);

    const orders = await t.db
      .selectFrom('orders')
      .select('sub_order_id')
      .where('user_id', '=', s.user.id)
      .execute();
    expect(orders.map((o) => o.sub_order_id).sort()).toEqual([
      `${s.tag}-old-purchase`,
      `${s.tag}-recent-refund`,
    ]);
    const sessions = await t.db
      .selectFrom('device_sessions')
      .select('id')
      .where('user_id', '=', s.user.id)
      .execute();
    expect(new Set(sessions.map((r) => r.id))).toEqual(
      new Set([s.sessions.recentEnded.id, s.sessions.live.id]),
    );
    const joins = await t.db
      .selectFrom('hang_sessions')
      .select('id')
      .where('user_id', '=', s.user.id)
      .execute();
    expect(new Set(joins.map((r) => r.id))).toEqual(
      new Set([s.hangSessions.recentLeft, s.hangSessions.open]),
    );
    const visits = await t.db
      .selectFrom('analytics_events')
      .select('received_at')
      .where('event_category', '=', s.tag)
      .execute();
    expect(visits.map((v) => v.received_at.getTime())).toEqual([ago(88).getTime()]);

    // A second run finds nothing more of this user's to delete.
    await job.purge();
    expect(
      await t.db.selectFrom('orders').select('sub_order_id').where('user_id', '=', s.user.id).execute(),
    ).toHaveLength(2);
  });

  it('runs on its timer until stopped', async () => {
    const s = await seed();
    const job = createRetentionService({
      repo: createRetentionRepo(t.db),
      log: silent,
      now: () => NOW,
      intervalMs: 20,
    });
    const left = () =>
      t.db.selectFrom('orders').select('sub_order_id').where('user_id', '=', s.user.id).execute();
    job.start();
    try {
      await expect.poll(async () => (await left()).length, { timeout: 5_000, interval: 25 }).toBe(2);
    } finally {
      await job.stop();
    }
  });
});

describe('credentials at rest: the outboxes and known devices are purged on schedule', () => {
  it('deletes outbox rows older than a week and device records unused for a year, nothing younger', async () => {
    const user = await createUser(t.db);
    const to = `purge-${randomUUID()}@example.test`;
    const mail = (days: number) => ({
      to_address: to,
      subject: 'Reset',
      text_body: 'https://encore.test/reset-password/1-secret',
      html_body: '',
      kind: 'password-reset',
      created_at: ago(days),
    });
    await t.db
      .insertInto('mail_outbox')
      .values([mail(8), mail(6)])
      .execute();
    const number = `+1555${String(Date.now()).slice(-7)}`;
    const sms = (days: number) => ({
      to_number: number,
      body: '1234 is your code',
      kind: 'login-code',
      created_at: ago(days),
    });
    await t.db
      .insertInto('sms_outbox')
      .values([sms(30), sms(1)])
      .execute();
    const device = (days: number) => ({
      user_id: user.id,
      device_hash: randomUUID(),
      last_used_at: ago(days),
    });
    await t.db
      .insertInto('login_devices')
      .values([device(366), device(200)])
      .execute();

    const job = createRetentionService({ repo: createRetentionRepo(t.db), log: silent, now: () => NOW });
    const counts = await job.purge();
    expect(counts.outboxMessages).toBeGreaterThanOrEqual(2);
    expect(counts.loginDevices).toBeGreaterThanOrEqual(1);

    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('created_at')
      .where('to_address', '=', to)
      .execute();
    expect(mails.map((m) => m.created_at.getTime())).toEqual([ago(6).getTime()]);
    const texts = await t.db
      .selectFrom('sms_outbox')
      .select('created_at')
      .where('to_number', '=', number)
      .execute();
    expect(texts.map((m) => m.created_at.getTime())).toEqual([ago(1).getTime()]);
    const devices = await t.db
      .selectFrom('login_devices')
      .select('last_used_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(devices.map((d) => d.last_used_at.getTime())).toEqual([ago(200).getTime()]);
  });
});
