import { type Locale, REFUND_BUSINESS_DAYS } from '@encore/contract';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { escapeHtml, layout } from '../auth/auth.mail.ts';

/** Show times are said in the show's zone, with the zone named (the site's rule, issue 26). */
const SHOW_TIME_ZONE = 'Asia/Seoul';

/** One line of an order as its mails say it. */
export type MailLine = {
  item: string;
  /** The show's name and start; null for an item of no show (a sticker pack). */
  show: { name: string; start: Date } | null;
  amount: number;
  currency: string;
};

export type OrderMail = {
  to: string;
  username: string;
  lang: Locale;
  orderId: string;
  lines: MailLine[];
  /** 'card-visa-4242' or null when the provider did not say. */
  card: string | null;
  /** Until when a refund can be asked; null: none (or no longer). */
  refundUntil: Date | null;
  siteUrl: string;
};

type Words = {
  receiptSubject: string;
  receiptTitle: string;
  receiptLead: string;
  refundSubject: string;
  refundTitle: string;
  refundLead: string;
  order: string;
  total: string;
  /** `{brand}`, `{last4}`. */
  paidWith: string;
  paidUnknown: string;
  refundUntil: string;
  noRefund: string;
  /** `{brand}`, `{last4}`, `{min}`, `{max}`. */
  refundTo: string;
  refundToUnknown: string;
  refundFree: string;
  ticketGone: string;
  cta: string;
  footnote: string;
};

/** The commerce mails in the four languages of the web app, like the sign-in link's. */
const WORDS: Record<Locale, Words> = {
  en: {
    receiptSubject: 'Encore: your receipt for {item}',
    receiptTitle: 'Thank you for your purchase',
    receiptLead: 'Hi {name}, this is your receipt.',
    refundSubject: 'Encore: your refund for {item}',
    refundTitle: 'Your refund is on its way',
    refundLead: 'Hi {name}, your order was refunded and canceled.',
    order: 'Order',
    total: 'Total',
    paidWith: 'Paid with {brand} ending in {last4}.',
    paidUnknown: 'Paid by card.',
    refundUntil: 'You can ask for a refund in Purchase History (account menu) until {date}.',
    noRefund: 'This order cannot be refunded.',
    refundTo:
      '{amount} goes back to your {brand} card ending in {last4}. Banks usually show it within {min} to {max} business days.',
    refundToUnknown:
      '{amount} goes back to the card you paid with. Banks usually show it within {min} to {max} business days.',
    refundFree: 'Nothing was charged, so nothing goes back to your card.',
    ticketGone: 'The ticket of this order no longer admits you to the show.',
    cta: 'Go to Encore',
    footnote: 'Keep this email for your records. Questions: reply to our support address on the site.',
  },
  ja: {
    receiptSubject: 'Encore: {item} の領収書',
    receiptTitle: 'ご購入ありがとうございます',
    receiptLead: '{name} さん、ご購入の領収書です。',
    refundSubject: 'Encore: {item} の返金',
    refundTitle: '返金手続きが完了しました',
    refundLead: '{name} さん、ご注文を返金し、キャンセルしました。',
    order: '注文番号',
    total: '合計',
    paidWith: '{brand}（末尾 {last4}）でお支払い済みです。',
    paidUnknown: 'カードでお支払い済みです。',
    refundUntil: '{date}まで、アカウントメニューの「購入履歴」から返金を申請できます。',
    noRefund: 'このご注文は返金できません。',
    refundTo:
      '{amount}を{brand}カード（末尾 {last4}）に返金します。明細への反映には通常{min}〜{max}営業日かかります。',
    refundToUnknown:
      '{amount}をお支払いに使ったカードに返金します。明細への反映には通常{min}〜{max}営業日かかります。',
    refundFree: '請求はなかったため、カードへの返金はありません。',
    ticketGone: 'このご注文のチケットでは、公演に入場できなくなりました。',
    cta: 'Encore を開く',
    footnote: 'このメールは控えとして保管してください。お問い合わせはサイトのサポート窓口へ。',
  },
  ko: {
    receiptSubject: 'Encore: {item} 영수증',
    receiptTitle: '구매해 주셔서 감사합니다',
    receiptLead: '{name}님, 구매 영수증입니다.',
    refundSubject: 'Encore: {item} 환불',
    refundTitle: '환불이 처리되었습니다',
    refundLead: '{name}님, 주문이 환불 및 취소되었습니다.',
    order: '주문 번호',
    total: '합계',
    paidWith: '{brand} 카드(끝자리 {last4})로 결제했습니다.',
    paidUnknown: '카드로 결제했습니다.',
    refundUntil: '{date}까지 계정 메뉴의 구매 내역에서 환불을 요청할 수 있습니다.',
    noRefund: '이 주문은 환불할 수 없습니다.',
    refundTo:
      '{amount}이(가) {brand} 카드(끝자리 {last4})로 환불됩니다. 카드 명세서에는 보통 영업일 기준 {min}~{max}일 안에 표시됩니다.',
    refundToUnknown:
      '{amount}이(가) 결제한 카드로 환불됩니다. 카드 명세서에는 보통 영업일 기준 {min}~{max}일 안에 표시됩니다.',
    refundFree: '결제된 금액이 없어 카드로 환불되는 금액은 없습니다.',
    ticketGone: '이 주문의 티켓으로는 더 이상 공연에 입장할 수 없습니다.',
    cta: 'Encore 열기',
    footnote: '이 메일은 기록용으로 보관해 주세요. 문의는 사이트의 고객 지원으로 해 주세요.',
  },
  'zh-cn': {
    receiptSubject: 'Encore：{item} 的收据',
    receiptTitle: '感谢您的购买',
    receiptLead: '{name}，这是您的购买收据。',
    refundSubject: 'Encore：{item} 的退款',
    refundTitle: '您的退款已处理',
    refundLead: '{name}，您的订单已退款并取消。',
    order: '订单号',
    total: '合计',
    paidWith: '已使用尾号 {last4} 的 {brand} 卡支付。',
    paidUnknown: '已使用银行卡支付。',
    refundUntil: '在 {date} 之前，您可以在账户菜单的“购买记录”中申请退款。',
    noRefund: '此订单无法退款。',
    refundTo: '{amount} 将退回尾号 {last4} 的 {brand} 卡。银行通常在 {min} 至 {max} 个工作日内显示。',
    refundToUnknown: '{amount} 将退回您付款所用的卡。银行通常在 {min} 至 {max} 个工作日内显示。',
    refundFree: '此订单未收取费用，因此不会退款到您的卡。',
    ticketGone: '此订单的门票已不能再进入演出。',
    cta: '打开 Encore',
    footnote: '请保留此邮件作为记录。如有问题，请联系网站上的客服。',
  },
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};

/** 'card-visa-4242' as brand and last 4 (the billing record's form). */
export function cardParts(card: string | null): { brand: string; last4: string } | null {
  const m = card ? /^card-([a-z_]+)-(\d{4})$/.exec(card) : null;
  if (!m?.[1] || !m[2]) return null;
  return { brand: BRANDS[m[1]] ?? m[1].toUpperCase(), last4: m[2] };
}

const htmlLang = (lang: Locale) => (lang === 'zh-cn' ? 'zh-CN' : lang);

/** Integer minor units as the locale writes the currency ($25.00, US$25.00, 25.00 US$ ...). */
export function formatMoney(amount: number, currency: string, lang: Locale): string {
  const format = new Intl.NumberFormat(htmlLang(lang), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export function formatShowDate(date: Date, lang: Locale): string {
  return new Intl.DateTimeFormat(htmlLang(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOW_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}

// Function replacers: a `$&` in a name is text, not a pattern.
const fill = (s: string, values: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

const lineText = (l: MailLine, lang: Locale) =>
  [l.item, l.show ? `${l.show.name}, ${formatShowDate(l.show.start, lang)}` : null]
    .filter(Boolean)
    .join(' · ');

function totalOf(m: OrderMail): string {
  const sum = m.lines.reduce((s, l) => s + l.amount, 0);
  return formatMoney(sum, m.lines[0]?.currency ?? 'USD', m.lang);
}

const subjectItem = (m: OrderMail) =>
  m.lines.length === 1 ? (m.lines[0]?.item ?? '') : m.lines.map((l) => l.item).join(', ');

function render(
  m: OrderMail,
  kind: 'order-receipt' | 'order-refund',
  head: { subject: string; title: string; lead: string },
  closing: string[],
): MailMessage {
  const w = WORDS[m.lang];
  const rows = m.lines.map((l) => ({
    text: lineText(l, m.lang),
    amount: formatMoney(l.amount, l.currency, m.lang),
  }));
  const lead = (name: string) => fill(head.lead, { name });
  const text = [
    lead(m.username),
    '',
    `${w.order}: ${m.orderId}`,
    ...rows.map((r) => `- ${r.text}: ${r.amount}`),
    `${w.total}: ${totalOf(m)}`,
    '',
    ...closing,
    '',
    m.siteUrl,
    '',
    w.footnote,
  ].join('\n');
  const html = layout(
    head.title,
    [
      escapeHtml(lead(m.username)),
      `${escapeHtml(w.order)}: ${escapeHtml(m.orderId)}`,
      ...rows.map((r) => `${escapeHtml(r.text)}: <strong>${escapeHtml(r.amount)}</strong>`),
      `${escapeHtml(w.total)}: <strong>${escapeHtml(totalOf(m))}</strong>`,
      ...closing.map(escapeHtml),
    ].join('<br>'),
    { label: w.cta, url: m.siteUrl },
    w.footnote,
  );
  return { to: m.to, kind, subject: fill(head.subject, { item: subjectItem(m) }), text: `${text}\n`, html };
}

/** The receipt, sent when the order is paid (or, free, placed). */
export function receiptMail(m: OrderMail): MailMessage {
  const w = WORDS[m.lang];
  const card = cardParts(m.card);
  const total = m.lines.reduce((s, l) => s + l.amount, 0);
  const closing = [
    ...(total > 0 ? [card ? fill(w.paidWith, card) : w.paidUnknown] : []),
    m.refundUntil ? fill(w.refundUntil, { date: formatShowDate(m.refundUntil, m.lang) }) : w.noRefund,
  ];
  return render(
    m,
    'order-receipt',
    { subject: w.receiptSubject, title: w.receiptTitle, lead: w.receiptLead },
    closing,
  );
}

/** The refund note: how much goes back, to which card, and when it shows. */
export function refundMail(m: OrderMail, hadTicket: boolean): MailMessage {
  const w = WORDS[m.lang];
  const card = cardParts(m.card);
  const total = m.lines.reduce((s, l) => s + l.amount, 0);
  const amount = totalOf(m);
  const days = { min: REFUND_BUSINESS_DAYS.min, max: REFUND_BUSINESS_DAYS.max };
  const money =
    total === 0
      ? w.refundFree
      : card
        ? fill(w.refundTo, { amount, ...card, ...days })
        : fill(w.refundToUnknown, { amount, ...days });
  return render(m, 'order-refund', { subject: w.refundSubject, title: w.refundTitle, lead: w.refundLead }, [
    money,
    ...(hadTicket ? [w.ticketGone] : []),
  ]);
}
