import type { Billing, ShowTicketItem } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { TESTPAY_PUBLISHABLE_KEY } from '../src/adapters/payments/testpay.ts';
import type { Db } from '../src/db/database.ts';
import { createShowsRepo } from '../src/modules/shows/shows.repo.ts';
import { auth, createUser, login, type ShowOptions, showEntity } from './factories.ts';

export const BILLING: Billing = {
  first_name: 'Mina',
  last_name: 'Park',
  line1: '1 Stage Road',
  line2: '',
  city: 'Seoul',
  state: 'Seoul',
  country: 'KR',
  postal_code: '04524',
};

export const CARD = (number: string, cvc = '123') => ({ number, exp_month: 12, exp_year: 2040, cvc });

export function ticketItem(id: string, over: Partial<ShowTicketItem> = {}): ShowTicketItem {
  return {
    item_id: id,
    display_name: { en: 'HD Pass', ko: 'HD 패스' },
    display_description: { en: 'Six angles.' },
    price: 2500,
    currency: 'USD',
    sale_currency_symbol: '$',
    ticket_attributes: { type: 'Directors' },
    ...over,
  };
}

let n = 0;
/** A show selling its own tickets (one HD item unless told), stored as the host API stores it. */
export async function sellingShow(
  db: Db,
  opts: ShowOptions & { items?: (tag: string) => ShowTicketItem[] } = {},
) {
  n += 1;
  const show = showEntity(opts);
  const tag = `${show.slug}-${n}`;
  const items = opts.items ? opts.items(tag) : [ticketItem(`${tag}-hd`)];
  const full = { ...show, ticket_items: items };
  const row = await createShowsRepo(db).insert(full);
  return { row, show: full, items };
}

export async function buyer(app: FastifyInstance, db: Db) {
  const user = await createUser(db);
  return { user, headers: auth(await login(app, user.email)) };
}

export const testpayHeaders = { authorization: `Bearer ${TESTPAY_PUBLISHABLE_KEY}` };

/** The browser's confirm card payment / setup against testpay. */
export function confirm(
  app: FastifyInstance,
  kind: 'payment' | 'setup',
  clientSecret: string,
  payment_method?: { card: ReturnType<typeof CARD> } | string,
  extra: Record<string, unknown> = {},
) {
  const id = clientSecret.split('_secret_')[0];
  return app.inject({
    method: 'POST',
    url: `/testpay/v1/${kind}_intents/${id}/confirm`,
    headers: testpayHeaders,
    payload: { client_secret: clientSecret, ...(payment_method ? { payment_method } : {}), ...extra },
  });
}

export function order(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/thor/pg/order/', headers, payload });
}

export function ticketCheck(app: FastifyInstance, headers: Record<string, string>, paidEvent: string) {
  return app.inject({
    method: 'POST',
    url: '/thor/ticket/validate/',
    headers,
    payload: { paid_event: paidEvent, redeemed_only: true },
  });
}
