import { LOCALES, Show } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemo } from './demo-seed.ts';
import { demoShows } from './demo-shows.ts';

const PASSWORD = 'encore-demo';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SHOWS_CACHE_MS: '0' });
  await seedDemo(t.db, PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const validate = (payload: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/thor/ticket/validate/', payload, headers });

describe('demo seed', () => {
  it('the demo show entities are valid Shows: encore-live is live, encore-soon opens in 5 minutes', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const [live, soon] = demoShows(now).map((s) => Show.parse(s));
    expect(live).toMatchObject({
      slug: 'encore-live',
      paid_event_name: 'ENCORE_LIVE',
      paid_event_id: 1001,
      channel_id: 1,
    });
    expect(live?.event).toMatchObject({
      event_enter_time: '2026-05-01T11:45:00.000Z',
      event_start_time: '2026-05-01T11:55:00.000Z',
      event_end_time: '2026-05-01T18:00:00.000Z',
    });
    expect(Object.keys(live?.streams ?? {})).toEqual(
      expect.arrayContaining([
        'mix-stream1',
        'mix-stream6',
        'streampips4',
        'streampips6',
        'fanwall-stream',
        'stream4k',
      ]),
    );
    expect(live?.pips.sinks.map((s) => s.label)).toEqual([
      'CAM 1',
      'CAM 2',
      'CAM 3',
      'CAM 4',
      'CAM 5',
      'CAM 6',
    ]);
    expect(live?.ticketing.map((v) => [v.id, v.validate_type])).toEqual([
      ['encore', 'encore'],
      ['ticketshop', 'external'],
    ]);
    for (const vendor of live?.ticketing ?? []) {
      expect(Object.keys(vendor.ticket_validate_title).sort()).toEqual(['en', 'ja', 'ko', 'zh-cn']);
    }
    expect(soon?.event).toMatchObject({
      event_enter_time: null,
      event_start_time: '2026-05-01T12:35:00.000Z',
    });
  });

  it('the demo shows offer every viewer tab: chat, stickers, six merch items with drawn images, react', async () => {
    const [live] = demoShows(new Date('2026-05-01T12:00:00Z')).map((s) => Show.parse(s));
    expect(live?.event_config.tabs).toEqual(['chat', 'stickers', 'merch', 'react']);
    const items = live?.event_config.merch?.items ?? [];
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(item.url).toMatch(/^https:\/\//);
      const image = await t.app.inject({ method: 'GET', url: item.image });
      expect(image.statusCode, item.image).toBe(200);
    }
    for (const sprite of live?.event_config.cheer.sprites ?? []) {
      expect((await t.app.inject({ method: 'GET', url: sprite })).statusCode, sprite).toBe(200);
    }
  });

  it('every demo merch item has its name in every UI locale, not the English one (issue 14)', () => {
    for (const show of demoShows(new Date('2026-05-01T12:00:00Z')).map((s) => Show.parse(s))) {
      for (const item of show.event_config.merch?.items ?? []) {
        for (const locale of LOCALES) {
          const name = item.display_name?.[locale]?.trim();
          expect(name, `${show.slug}: ${item.name} in ${locale}`).toBeTruthy();
          if (locale !== 'en') expect(name, `${show.slug}: ${item.name} in ${locale}`).not.toBe(item.name);
        }
      }
    }
  });

  it('the demo fan holds Directors + 4K on encore-live; the guest holds nothing', async () => {
    const fan = auth(await login(t.app, 'fan@encore.test', PASSWORD));
    const res = await validate({ paid_event: 'ENCORE_LIVE', redeemed_only: true }, fan);
    expect(res.statusCode).toBe(200);
    expect(res.json().entitlements).toEqual({ multiview: 6, uhd: true });
    expect((await validate({ paid_event: 'ENCORE_SOON', redeemed_only: true }, fan)).statusCode).toBe(200);
    const guest = auth(await login(t.app, 'guest@encore.test', PASSWORD));
    expect((await validate({ paid_event: 'ENCORE_LIVE', redeemed_only: true }, guest)).statusCode).toBe(402);
  });

  it('reseeding refreshes the show times and keeps what demo users did', async () => {
    const guest = auth(await login(t.app, 'guest@encore.test', PASSWORD));
    const redeem = await validate(
      {
        channel_id: 1,
        token: 'encore-demo-0001',
        email: 'guest@encore.test',
        vendor: 'encore',
        redeemed_only: false,
      },
      guest,
    );
    expect(redeem.statusCode).toBe(200);

    const later = new Date(Date.now() + 3 * 3600_000);
    await seedDemo(t.db, PASSWORD, later);
    const live = await t.db
      .selectFrom('shows')
      .selectAll()
      .where('slug', '=', 'encore-live')
      .executeTakeFirstOrThrow();
    expect(live.event_start_time.toISOString()).toBe(new Date(later.getTime() - 5 * 60_000).toISOString());
    expect(await t.db.selectFrom('shows').select('id').execute()).toHaveLength(2);
    expect((await validate({ paid_event: 'ENCORE_LIVE', redeemed_only: true }, guest)).statusCode).toBe(200);
    const code = await t.db
      .selectFrom('booking_codes')
      .select('redeemed_by')
      .where('code', '=', 'ENCORE-DEMO-0001')
      .executeTakeFirstOrThrow();
    expect(code.redeemed_by).not.toBeNull();
  });
});
