import { CatalogResponse, OrderListResponse, ownedItemIds } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, login } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { DEMO_PACKS, seedDemoStickers } from '../../seed/demo-stickers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoStickers(t.db, new Date());
});
afterAll(async () => {
  await t?.close();
});

async function fan() {
  const user = await createUser(t.db);
  return { user, headers: auth(await login(t.app, user.email)) };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('GET /thor/pg/catalog/', () => {
  it('lists sticker packs (category bundle) with their stickers, names per locale and prices', async () => {
    const { headers } = await fan();
    const res = await get('/thor/pg/catalog/?paid_event_name=ENCORE_LIVE&category=bundle', headers);
    expect(res.statusCode).toBe(200);
    const { results } = CatalogResponse.parse(res.json());
    expect(results.map((r) => r.item_id)).toEqual(DEMO_PACKS.map((p) => p.id));
    const [starter, stage] = results;
    expect(starter?.item_list.map((i) => i.item_id)).toEqual([...DEMO_PACKS[0].stickers]);
    expect(starter).toMatchObject({
      category: 'bundle',
      price: 499,
      price_display: '4.99',
      sale_currency_symbol: '$',
    });
    // Issue 14: "Buy All · $0.00" beside $0.99 stickers. A pack costs something when its stickers do,
    // and the starter pack less than its stickers one by one.
    for (const pack of results) {
      const sum = pack.item_list.reduce((n, i) => n + i.price, 0);
      if (sum > 0) expect(pack.price, pack.item_id).toBeGreaterThan(0);
    }
    expect(starter?.price).toBeLessThan(starter?.item_list.reduce((n, i) => n + i.price, 0) ?? 0);
    expect(stage).toMatchObject({ price: 299, price_display: '2.99', currency: 'USD', tax_collected: false });
    expect(stage?.display_name).toMatchObject({ en: 'Encore Stage Pack', ko: '앵콜 스테이지 팩' });
    expect(stage?.display_description).toMatchObject({
      en: 'Call for the encore in style.',
      'zh-cn': '用贴纸喊安可。',
    });
    expect(stage?.item_list[0]).toMatchObject({
      category: 'sticker',
      display_image: '/thor/pg/sticker-images/encore.svg',
    });
  });

  it('applies the time window only when both ends are positive; hides out-of-stock unless include_oos', async () => {
    const { headers } = await fan();
    await t.db
      .insertInto('catalog_items')
      .values({
        item_id: 'pack-later',
        category: 'bundle',
        paid_event_name: 'ENCORE_LIVE',
        display_name: JSON.stringify({ en: 'Later' }),
        display_image: '/x.svg',
        price: 100,
        currency: 'USD',
        sale_currency_symbol: '$',
        // Later than any run of this test: ten years from now, not a fixed date that arrives one day.
        available_from: new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000),
        in_stock: false,
      })
      .execute();
    const ids = async (q: string) =>
      CatalogResponse.parse((await get(`/thor/pg/catalog/?category=bundle${q}`, headers)).json()).results.map(
        (r) => r.item_id,
      );
    expect(await ids('')).not.toContain('pack-later');
    expect(await ids('&include_oos=true')).toContain('pack-later');
    const now = Math.floor(Date.now() / 1000);
    expect(await ids(`&include_oos=true&start_time=${now}&end_time=${now + 60}`)).not.toContain('pack-later');
    expect(await ids(`&include_oos=true&start_time=0&end_time=${now + 60}`)).toContain('pack-later');
  });

  it('400 for a bad query; 401 without a token', async () => {
    const { headers } = await fan();
    expect((await get('/thor/pg/catalog/?category=hats', headers)).statusCode).toBe(400);
    expect((await get('/thor/pg/catalog/', {})).statusCode).toBe(401);
  });
});

describe('GET /thor/pg/order/', () => {
  it('answers fulfilled orders; owning a pack owns every sticker in it', async () => {
    const { user, headers } = await fan();
    await t.db
      .insertInto('orders')
      .values([
        {
          sub_order_id: `s1-${user.id}`,
          order_id: `o1-${user.id}`,
          user_id: user.id,
          item_id: 'pack-encore-starter',
          status: 'fulfilled',
          total_charges: 0,
          currency: 'USD',
        },
        {
          sub_order_id: `s2-${user.id}`,
          order_id: `o2-${user.id}`,
          user_id: user.id,
          item_id: 'stk-crown',
          status: 'canceled',
          total_charges: 99,
          currency: 'USD',
        },
      ])
      .execute();
    const res = await get('/thor/pg/order/?status=fulfilled&paid_event_name=ENCORE_LIVE', headers);
    expect(res.statusCode).toBe(200);
    const orders = OrderListResponse.parse(res.json()).results;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'fulfilled',
      advertised_item_id: 'pack-encore-starter',
      display_category: 'bundle',
    });
    const cancelled = OrderListResponse.parse(
      (await get('/thor/pg/order/?status=cancelled', headers)).json(),
    ).results;
    expect(cancelled.map((o) => o.advertised_item_id)).toEqual(['stk-crown']);

    const catalog = CatalogResponse.parse(
      (await get('/thor/pg/catalog/?category=bundle', headers)).json(),
    ).results;
    const all = OrderListResponse.parse((await get('/thor/pg/order/', headers)).json()).results;
    const owned = ownedItemIds(all, catalog);
    expect([...owned].sort()).toEqual(['pack-encore-starter', ...DEMO_PACKS[0].stickers].sort());
    expect(owned.has('stk-crown')).toBe(false);
  });

  it('404 NOT_FOUND for an order that is not the fan’s; 400 for a bad query; 401', async () => {
    const a = await fan();
    const b = await fan();
    await t.db
      .insertInto('orders')
      .values({
        sub_order_id: `x-${a.user.id}`,
        order_id: `ox-${a.user.id}`,
        user_id: a.user.id,
        item_id: 'stk-heart',
        status: 'fulfilled',
        total_charges: 99,
        currency: 'USD',
      })
      .execute();
    expect((await get(`/thor/pg/order/?order_id=ox-${a.user.id}`, a.headers)).statusCode).toBe(200);
    const other = await get(`/thor/pg/order/?order_id=ox-${a.user.id}`, b.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/thor/pg/order/?limit=0', a.headers)).statusCode).toBe(400);
    expect((await get('/thor/pg/order/', {})).statusCode).toBe(401);
  });
});

describe('sticker images', () => {
  it('serves the drawn SVG stickers; unknown names are 404, odd names 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/thor/pg/sticker-images/heart.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/thor/pg/sticker-images/nope.svg' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/thor/pg/sticker-images/..%2Fcatalog.repo.ts' })).statusCode,
    ).toBe(400);
  });
});
