import type { Db } from '../db/database.ts';
import { STICKER_PATH } from '../modules/catalog/catalog.routes.ts';

type DemoSticker = { id: string; file: string; en: string; ja: string; ko: string; zh: string };

const STICKERS: DemoSticker[] = [
  { id: 'stk-heart', file: 'heart', en: 'Love', ja: 'ラブ', ko: '사랑', zh: '爱心' },
  { id: 'stk-star', file: 'star', en: 'Superstar', ja: 'スーパースター', ko: '슈퍼스타', zh: '超级明星' },
  {
    id: 'stk-lightstick',
    file: 'lightstick',
    en: 'Light Stick',
    ja: 'ペンライト',
    ko: '응원봉',
    zh: '应援棒',
  },
  { id: 'stk-mic', file: 'mic', en: 'Mic Drop', ja: 'マイクドロップ', ko: '마이크 드롭', zh: '麦克风' },
  { id: 'stk-note', file: 'note', en: 'Sing Along', ja: '一緒に歌おう', ko: '떼창', zh: '一起唱' },
  { id: 'stk-fire', file: 'fire', en: 'On Fire', ja: '最高', ko: '불타오르네', zh: '燃起来' },
  { id: 'stk-encore', file: 'encore', en: 'Encore!', ja: 'アンコール!', ko: '앵콜!', zh: '安可!' },
  { id: 'stk-crown', file: 'crown', en: 'Crown', ja: 'クラウン', ko: '왕관', zh: '皇冠' },
];

/**
 * The pack every demo fan owns (a gift: their seeded orders charged nothing), and a pack nobody owns
 * yet (its price buttons show). A pack is never $0.00 beside stickers that cost $0.99 (issue 14): the
 * starter pack costs less than its six stickers bought one by one.
 */
export const DEMO_PACKS = [
  {
    id: 'pack-encore-starter',
    en: 'Encore Starter Pack',
    ja: 'アンコール スターターパック',
    ko: '앵콜 스타터 팩',
    zh: '安可入门包',
    price: 499,
    about: {
      en: 'Six stickers to start with, for less than one by one.',
      ja: 'はじめの6種を、1つずつ買うよりお得に。',
      ko: '처음 쓰기 좋은 스티커 6종, 하나씩 사는 것보다 저렴하게.',
      zh: '入门的6款贴纸，比单买更划算。',
    },
    stickers: ['stk-heart', 'stk-star', 'stk-lightstick', 'stk-mic', 'stk-note', 'stk-fire'],
  },
  {
    id: 'pack-encore-stage',
    en: 'Encore Stage Pack',
    ja: 'アンコール ステージパック',
    ko: '앵콜 스테이지 팩',
    zh: '安可舞台包',
    price: 299,
    about: {
      en: 'Call for the encore in style.',
      ja: 'アンコールを華やかに。',
      ko: '멋지게 앵콜을 외쳐요.',
      zh: '用贴纸喊安可。',
    },
    stickers: ['stk-encore', 'stk-crown'],
  },
] as const;

/** The fans who own the free pack (the guest has no ticket, but may still own stickers). */
const OWNERS = ['fan@encore.test', 'guest@encore.test', 'host@encore.test'];
const PAID_EVENT = 'ENCORE_LIVE';

/**
 * The demo sticker shop: real drawn images, a free pack the demo fans own through a fulfilled order,
 * a paid pack, and the host's 'verified' moniker. Idempotent, like the rest of the demo seed.
 */
export async function seedDemoStickers(db: Db, now: Date): Promise<void> {
  const name = (s: { en: string; ja: string; ko: string; zh: string }) =>
    JSON.stringify({ en: s.en, ja: s.ja, ko: s.ko, 'zh-cn': s.zh });
  const items = [
    ...STICKERS.map((s, i) => ({
      item_id: s.id,
      category: 'sticker' as const,
      paid_event_name: PAID_EVENT,
      display_name: name(s),
      display_image: `${STICKER_PATH}${s.file}.svg`,
      price: 99,
      currency: 'USD',
      sale_currency_symbol: '$',
      sort: 100 + i,
    })),
    ...DEMO_PACKS.map((p, i) => ({
      item_id: p.id,
      category: 'bundle' as const,
      paid_event_name: PAID_EVENT,
      display_name: name(p),
      display_description: name(p.about),
      display_image: `${STICKER_PATH}${STICKERS.find((s) => s.id === p.stickers[0])?.file}.svg`,
      price: p.price,
      currency: 'USD',
      sale_currency_symbol: '$',
      sort: i,
    })),
  ];
  await db
    .insertInto('catalog_items')
    .values(items)
    .onConflict((oc) => oc.column('item_id').doNothing())
    .execute();
  // Databases seeded when the starter pack was priced 0 ("Buy All · $0.00") get its price.
  await db
    .updateTable('catalog_items')
    .set({ price: DEMO_PACKS[0].price, display_description: name(DEMO_PACKS[0].about) })
    .where('item_id', '=', DEMO_PACKS[0].id)
    .where('price', '=', 0)
    .execute();
  await db
    .insertInto('catalog_bundle_items')
    .values(
      DEMO_PACKS.flatMap((p) =>
        p.stickers.map((item_id, position) => ({ bundle_id: p.id, item_id, position })),
      ),
    )
    .onConflict((oc) => oc.columns(['bundle_id', 'item_id']).doNothing())
    .execute();

  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('email', 'in', OWNERS)
    .execute();
  for (const u of users) {
    await db
      .insertInto('orders')
      .values({
        sub_order_id: `demo-starter-${u.id}`,
        order_id: `demo-starter-${u.id}`,
        user_id: u.id,
        item_id: 'pack-encore-starter',
        status: 'fulfilled',
        total_charges: 0,
        currency: 'USD',
        time_ordered: now,
      })
      .onConflict((oc) => oc.column('sub_order_id').doNothing())
      .execute();
    if (u.role === 'host') {
      await db
        .insertInto('user_monikers')
        .values({ user_id: u.id, moniker: 'verified', position: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'moniker']).doNothing())
        .execute();
    }
  }
}
