import { randomBytes } from 'node:crypto';
import {
  Hang,
  HangsListResponse,
  type Show,
  type TicketAttributes,
  type ValidateType,
  type Vendor,
} from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import type { BookingCodeKind, TicketSource } from '../src/db/schema.ts';
import { createShowsRepo } from '../src/modules/shows/shows.repo.ts';
import { usernameSkeleton } from '../src/modules/users/username-skeleton.ts';
import { createDrmTokens } from '../src/modules/video/drm-token.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { isProfaneUsername } from '../src/platform/profanity.ts';

export const STRONG_PASSWORD = 'Encore2026pass';

let counter = 0;
/**
 * A fresh, unique identity per call, so that tests never share data. Random hex can spell a word the
 * profanity filter knows in leetspeak ("a55"), which registration answers with 406: such tags are
 * drawn again.
 */
export function uniqueIdentity(): { email: string; username: string } {
  for (;;) {
    counter += 1;
    const tag = `${randomBytes(3).toString('hex')}${counter}`;
    if (!isProfaneUsername(`fan${tag}`)) return { email: `fan${tag}@example.test`, username: `fan${tag}` };
  }
}

export async function createUser(
  db: Db,
  overrides: {
    email?: string;
    username?: string;
    password?: string | null;
    verified?: boolean;
    role?: 'fan' | 'host';
  } = {},
) {
  const id = uniqueIdentity();
  const password = overrides.password === undefined ? STRONG_PASSWORD : overrides.password;
  return db
    .insertInto('users')
    .values({
      email: overrides.email ?? id.email,
      username: overrides.username ?? id.username,
      username_skeleton: usernameSkeleton(overrides.username ?? id.username),
      password_hash: password === null ? null : await hashPassword(password),
      email_verified: overrides.verified ?? true,
      role: overrides.role ?? 'fan',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = STRONG_PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/thor/auth/email_login/',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ key: string }>().key;
}

export const auth = (key: string) => ({ authorization: `Token ${key}` });

/** The newest mail to an address, from the outbox table. */
export async function lastMail(db: Db, to: string) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function linkIn(text: string): string {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in mail: ${text}`);
  return match[1];
}

const MIN = 60_000;
let showCounter = 0;

function vendor(id: string, validate_type: ValidateType): Vendor {
  const t = { en: id };
  return {
    id,
    name: id,
    logo: `/vendors/${id}.svg`,
    qr: null,
    external_urls: validate_type === 'external' ? { en: `https://${id}.example/` } : {},
    validate_type,
    token_name: 'Booking number',
    ticket_validate_title: t,
    ticket_validate_sub_title: t,
    ticket_validate_email_label: t,
    ticket_validate_email_placeholder: t,
    ticket_validate_email_hint: t,
    ticket_validate_token_label: t,
    ticket_validate_token_placeholder: t,
    ticket_validate_token_hint: t,
    ticket_validate_success_msg: t,
  };
}

export type ShowOptions = {
  /** Minutes from now; default 60. */
  startIn?: number;
  /** Minutes after the start; default 120. */
  duration?: number;
  /** Doors, in minutes from now; default none (30 minutes before the start). */
  enterIn?: number | null;
  with4k?: boolean;
  vendors?: Array<[string, ValidateType]>;
  /** Re-airings: start (and doors, end when given) in minutes from now. */
  reairings?: Array<{ startIn: number; enterIn?: number; endIn?: number }>;
};

/** A complete Show entity with unique slug, paid event name and ids. */
export function showEntity(opts: ShowOptions = {}): Show {
  showCounter += 1;
  const n = showCounter;
  const tag = `${randomBytes(3).toString('hex')}${n}`;
  const now = Date.now();
  const start = now + (opts.startIn ?? 60) * MIN;
  const end = start + (opts.duration ?? 120) * MIN;
  const enter = opts.enterIn === undefined || opts.enterIn === null ? null : now + opts.enterIn * MIN;
  const names = ['mix-stream1', 'mix-stream2', 'streampips4', ...(opts.with4k === false ? [] : ['stream4k'])];
  return {
    paid_event_name: `SHOW_${tag.toUpperCase()}`,
    paid_event_id: 10_000 + n,
    event_name: `Show ${tag}`,
    artist_name: 'Test Artist',
    slug: `show-${tag}`,
    channel_id: 10_000 + n,
    ticketing: (
      opts.vendors ?? [
        ['encore', 'encore'],
        ['ticketshop', 'external'],
      ]
    ).map(([id, type]) => vendor(id, type)),
    event: {
      event_start_time: new Date(start).toISOString(),
      event_enter_time: enter === null ? null : new Date(enter).toISOString(),
      event_end_time: new Date(end).toISOString(),
      reairings: (opts.reairings ?? []).map((r) => ({
        event_start_time: new Date(now + r.startIn * MIN).toISOString(),
        ...(r.enterIn === undefined
          ? {}
          : { event_enter_time: new Date(now + r.enterIn * MIN).toISOString() }),
        ...(r.endIn === undefined ? {} : { event_end_time: new Date(now + r.endIn * MIN).toISOString() }),
      })),
      reairings_msg: {},
      reairings_virtual_doors_msg: {},
    },
    caption_files: [{ language: 'en', label: 'English', url: '/media/captions/en.vtt' }],
    base_video: 'mix-stream1',
    pips: {
      sinks: [
        { id: 1, label: 'CAM 1' },
        { id: 2, label: 'CAM 2' },
      ],
    },
    streams: Object.fromEntries(names.map((name) => [name, { hls: { url: `/media/${name}/index.m3u8` } }])),
    event_config: {
      tabs: ['chat'],
      cheer: { sprites: [], button_icon: '', button_icon_active: '', background_image: '' },
      twitter: { default_message: '', prompt: '' },
      features: { cheers: false, twitter: false },
      wall_stats_interval: 5000,
    },
  };
}

export async function createShow(db: Db, opts: ShowOptions = {}) {
  return createShowsRepo(db).insert(showEntity(opts));
}

let codeCounter = 0;
export function uniqueCode(): string {
  codeCounter += 1;
  return `CODE-${randomBytes(3).toString('hex').toUpperCase()}-${codeCounter}`;
}

export async function createBookingCode(
  db: Db,
  opts: {
    showId: number;
    code?: string;
    email?: string;
    vendor?: string;
    attributes?: TicketAttributes;
    kind?: BookingCodeKind;
    redeemedBy?: number;
  },
) {
  return db
    .insertInto('booking_codes')
    .values({
      show_id: opts.showId,
      code: opts.code ?? uniqueCode(),
      email: opts.email ?? uniqueIdentity().email,
      vendor: opts.vendor ?? 'encore',
      attributes: JSON.stringify(opts.attributes ?? { type: 'GA' }),
      kind: opts.kind ?? 'show',
      redeemed_by: opts.redeemedBy ?? null,
      redeemed_at: opts.redeemedBy ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createTicket(
  db: Db,
  opts: { userId: number; showId: number; attributes?: TicketAttributes; source?: TicketSource },
) {
  return db
    .insertInto('tickets')
    .values({
      user_id: opts.userId,
      show_id: opts.showId,
      source: opts.source ?? 'grant',
      attributes: JSON.stringify(opts.attributes ?? { type: 'GA' }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A fan with a ticket to `show` who joined its featured hang, through the HTTP app. */
export async function joinedFan(app: FastifyInstance, db: Db, show: { id: number; channel_id: number }) {
  const user = await createUser(db);
  await createTicket(db, { userId: user.id, showId: show.id });
  const key = await login(app, user.email);
  const headers = auth(key);
  const list = await app.inject({
    method: 'GET',
    url: `/thor/hangs/get_hangs_list/?filter=featured_hangs&channel_id=${show.channel_id}`,
    headers,
  });
  const featured = HangsListResponse.parse(list.json()).hang_category_list[0]?.hangs[0];
  const res = await app.inject({
    method: 'PUT',
    url: '/thor/hangs/join_hang/',
    headers,
    payload: { hang_id: featured?.id, session_id: 'new' },
  });
  if (res.statusCode !== 200) throw new Error(`join_hang answered ${res.statusCode}: ${res.body}`);
  return { user, key, headers, hang: Hang.parse(res.json()) };
}

/**
 * A DRM token signed with the app's own secret and valid in every way but its expiry (a second ago):
 * a 4-view ticket's token for mix-stream1 of `show`, bound to the fan's device session.
 */
export function expiredDrmToken(
  secret: Buffer,
  fan: { userId: number; session: string },
  show: { channel_id: number; paid_event_id: number },
): string {
  return createDrmTokens(secret).issue({
    u: fan.userId,
    s: fan.session,
    c: show.channel_id,
    p: show.paid_event_id,
    st: 'mix-stream1',
    mv: 4,
    k: false,
    exp: Math.floor(Date.now() / 1000) - 1,
  });
}
