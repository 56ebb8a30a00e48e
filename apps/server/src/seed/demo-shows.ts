import type {
  LocaleText,
  MerchItem,
  MultiviewBox,
  Show,
  ShowTicketItem,
  Streams,
  Vendor,
} from '@encore/contract';
import { STICKER_PATH } from '../modules/catalog/catalog.routes.ts';

/** The demo shows' entities, with times relative to `now` so that the demo is always on. */

const MIN = 60_000;
const ANGLES = [1, 2, 3, 4, 5, 6] as const;
const CAPTION_LANGUAGES = [
  { language: 'en', label: 'English' },
  { language: 'ko', label: '한국어' },
  { language: 'ja', label: '日本語' },
  { language: 'zh-cn', label: '简体中文' },
] as const;

const texts = (en: string, ko: string, ja: string, zhCn: string): LocaleText => ({
  en,
  ko,
  ja,
  'zh-cn': zhCn,
});

/** The codes and emails form of a vendor, in the four UI locales. */
function vendorTexts(shop: string) {
  return {
    ticket_validate_title: texts(
      `Validate your ${shop} Access Pass`,
      `${shop} 액세스 패스 인증`,
      `${shop}のアクセスパスを認証`,
      `验证您的${shop}通行证`,
    ),
    ticket_validate_sub_title: texts(
      'Enter the booking number and the email you used for the purchase.',
      '구매 시 사용한 예매 번호와 이메일을 입력하세요.',
      'ご購入時の予約番号とメールアドレスを入力してください。',
      '请输入购买时使用的订单号和电子邮箱。',
    ),
    ticket_validate_email_label: texts('Email', '이메일', 'メールアドレス', '电子邮箱'),
    ticket_validate_email_placeholder: texts(
      'you@example.com',
      'you@example.com',
      'you@example.com',
      'you@example.com',
    ),
    ticket_validate_email_hint: texts(
      'The email address of your purchase.',
      '구매 시 사용한 이메일 주소입니다.',
      'ご購入時のメールアドレスです。',
      '购买时使用的电子邮箱地址。',
    ),
    ticket_validate_token_label: texts('Booking number', '예매 번호', '予約番号', '订单号'),
    ticket_validate_token_placeholder: texts(
      'ENCORE-XXXX-XXXX',
      'ENCORE-XXXX-XXXX',
      'ENCORE-XXXX-XXXX',
      'ENCORE-XXXX-XXXX',
    ),
    ticket_validate_token_hint: texts(
      'You find it in your confirmation email.',
      '예매 확인 이메일에서 확인할 수 있습니다.',
      '確認メールに記載されています。',
      '可在确认邮件中找到。',
    ),
    ticket_validate_success_msg: texts(
      'Your Access Pass is confirmed. Enjoy the show!',
      '액세스 패스가 확인되었습니다. 공연을 즐기세요!',
      'アクセスパスが確認されました。公演をお楽しみください！',
      '您的通行证已确认，祝您观演愉快！',
    ),
  };
}

export const DEMO_VENDORS: Vendor[] = [
  {
    id: 'encore',
    name: 'Encore',
    logo: '/logo.svg',
    qr: null,
    external_urls: {},
    validate_type: 'encore',
    token_name: 'Booking number',
    ...vendorTexts('Encore'),
  },
  {
    id: 'ticketshop',
    name: 'TicketShop',
    logo: '/vendors/ticketshop.svg',
    qr: null,
    external_urls: {
      en: 'https://tickets.example/en/encore-live',
      ko: 'https://tickets.example/ko/encore-live',
      ja: 'https://tickets.example/ja/encore-live',
      'zh-cn': 'https://tickets.example/zh-cn/encore-live',
    },
    validate_type: 'external',
    token_name: 'Order number',
    ...vendorTexts('TicketShop'),
  },
];

/** Boxes of the mosaic on the 1920x1080 frame: 2x2 for 4 angles, 3x2 for 6. */
function grid(count: 4 | 6): MultiviewBox[] {
  const cols = count === 4 ? 2 : 3;
  const width = 1920 / cols;
  const height = 540;
  return ANGLES.slice(0, count).map((id, i) => ({
    id,
    label: `CAM ${id}`,
    x: (i % cols) * width,
    y: Math.floor(i / cols) * height,
    width,
    height,
  }));
}

function demoStreams(): Streams {
  const names = [
    ...ANGLES.map((a) => `mix-stream${a}`),
    'streampips4',
    'streampips6',
    'fanwall-stream',
    'stream4k',
  ];
  return Object.fromEntries(names.map((name) => [name, { hls: { url: `/media/${name}/index.m3u8` } }]));
}

type DemoShowInput = {
  slug: string;
  paidEventName: string;
  paidEventId: number;
  channelId: number;
  eventName: string;
  enter: Date | null;
  start: Date;
  end: Date;
  reairing: Date;
};

/**
 * The merch tab's generic store (MRC-02): six items drawn like the stickers; BUY opens the item's
 * page of the band's shop in a new tab (an example address: the demo has no real shop). Each name is
 * given in every UI locale (issue 14), in the order of `texts`: en, ko, ja, zh-cn.
 */
const DEMO_MERCH: MerchItem[] = (
  [
    [
      texts('Official Light Stick', '공식 응원봉', '公式ペンライト', '官方应援棒'),
      'light-stick',
      'lightstick',
    ],
    [
      texts('World Tour Poster', '월드 투어 포스터', 'ワールドツアー ポスター', '世界巡演海报'),
      'tour-poster',
      'encore',
    ],
    [
      texts('Superstar Pin Badge', '슈퍼스타 핀 배지', 'スーパースター ピンバッジ', '超级巨星徽章'),
      'pin-badge',
      'star',
    ],
    [texts('Heart Keyring', '하트 키링', 'ハート キーホルダー', '爱心钥匙扣'), 'heart-keyring', 'heart'],
    [texts('Crown Cap', '크라운 캡', 'クラウン キャップ', '皇冠棒球帽'), 'crown-cap', 'crown'],
    [texts('Mic Charm', '마이크 참', 'マイク チャーム', '麦克风挂饰'), 'mic-charm', 'mic'],
  ] as const
).map(([names, slug, file]) => ({
  name: names.en ?? slug,
  display_name: names,
  url: `https://example.com/the-encores/shop/${slug}`,
  image: `${STICKER_PATH}${file}.svg`,
}));

function demoShow(input: DemoShowInput): Show {
  return {
    paid_event_name: input.paidEventName,
    paid_event_id: input.paidEventId,
    event_name: input.eventName,
    artist_name: 'The Encores',
    slug: input.slug,
    channel_id: input.channelId,
    ticketing: DEMO_VENDORS,
    event: {
      event_start_time: input.start.toISOString(),
      event_enter_time: input.enter ? input.enter.toISOString() : null,
      event_end_time: input.end.toISOString(),
      reairings: [{ event_start_time: input.reairing.toISOString() }],
      reairings_msg: texts(
        'Missed it? The show airs again tomorrow at the same time.',
        '놓치셨나요? 내일 같은 시간에 재방송됩니다.',
        '見逃しましたか？明日の同じ時間に再放送します。',
        '错过了？明天同一时间重播。',
      ),
      reairings_virtual_doors_msg: texts(
        'Doors for the re-airing open 30 minutes before it starts.',
        '재방송 입장은 시작 30분 전부터 가능합니다.',
        '再放送の入場は開始30分前からです。',
        '重播将在开始前30分钟开放入场。',
      ),
    },
    caption_files: CAPTION_LANGUAGES.map((c) => ({ ...c, url: `/media/captions/${c.language}.vtt` })),
    base_video: 'mix-stream1',
    pips: {
      sinks: ANGLES.map((id) => ({ id, label: `CAM ${id}` })),
      mview: { 4: grid(4), 6: grid(6) },
    },
    streams: demoStreams(),
    event_config: {
      tabs: ['chat', 'stickers', 'merch', 'react'],
      merch: { items: DEMO_MERCH },
      cheer: {
        // The react tab's particles: drawn images the server serves (the sticker drawings).
        sprites: ['heart', 'star', 'note'].map((f) => `${STICKER_PATH}${f}.svg`),
        button_icon: '/cheer/button.svg',
        button_icon_active: '/cheer/button-active.svg',
        background_image: '/cheer/background.svg',
      },
      twitter: {
        default_message: 'Watching The Encores live on Encore!',
        prompt: 'Share the moment',
      },
      features: { cheers: true, twitter: true },
      wall_stats_interval: 5000,
    },
    ticket_items: demoTicketItems(input.slug),
  };
}

/** Tickets the demo shows sell in the product (COM-05): an HD multiview pass and a 4K pass. */
function demoTicketItems(slug: string): ShowTicketItem[] {
  return [
    {
      item_id: `${slug}-hd`,
      display_name: texts('HD Multiview Pass', 'HD 멀티뷰 패스', 'HDマルチビューパス', '高清多视角通行证'),
      display_description: texts(
        'Watch live in HD with six camera angles.',
        '6개 카메라 앵글로 HD 생중계를 시청하세요.',
        '6つのカメラアングルでHDライブを視聴。',
        '以六个机位观看高清直播。',
      ),
      price: 2500,
      currency: 'USD',
      sale_currency_symbol: '$',
      ticket_attributes: { type: 'Directors' },
    },
    {
      item_id: `${slug}-4k`,
      display_name: texts('4K Pass', '4K 패스', '4Kパス', '4K通行证'),
      display_description: texts(
        'Everything in the HD Multiview Pass, plus the 4K view.',
        'HD 멀티뷰 패스의 모든 것에 4K 화면까지.',
        'HDマルチビューパスのすべてに4Kビューを追加。',
        '包含高清多视角通行证的全部内容，另加4K画面。',
      ),
      price: 3500,
      currency: 'USD',
      sale_currency_symbol: '$',
      ticket_attributes: { type: 'Directors', '4K': true },
    },
  ];
}

/** 'encore-live' is on now; 'encore-soon' opens its doors in 5 minutes (no enter time: 30 min rule). */
export function demoShows(now: Date): Show[] {
  const at = (minutes: number) => new Date(now.getTime() + minutes * MIN);
  return [
    demoShow({
      slug: 'encore-live',
      paidEventName: 'ENCORE_LIVE',
      paidEventId: 1001,
      channelId: 1,
      eventName: 'Encore Live: World Tour Final',
      enter: at(-15),
      start: at(-5),
      end: at(6 * 60),
      reairing: at(24 * 60 - 5),
    }),
    demoShow({
      slug: 'encore-soon',
      paidEventName: 'ENCORE_SOON',
      paidEventId: 1002,
      channelId: 2,
      eventName: 'Encore Acoustic Session',
      enter: null,
      start: at(35),
      end: at(4 * 60),
      reairing: at(24 * 60 + 35),
    }),
  ];
}
