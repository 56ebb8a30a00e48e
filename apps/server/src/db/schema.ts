import type { Billing, Locale, Show, TicketAttributes } from '@encore/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Row types of the database, one interface per table (the repos' vocabulary). */

/** Set by a default on insert, so optional there. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  /** '' for an account made by phone login alone (docs/decisions.md, phone login). */
  email: string;
  /** The phone login number (phoneKey form), unique; null for email accounts. */
  phone_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The partner platform's account id (partner login), unique; null otherwise. */
  partner_id: ColumnType<string | null, string | null | undefined, string | null>;
  username: string;
  /**
   * Confusable skeleton of the username (Unicode TS #39, modules/users/username-skeleton.ts), unique:
   * set by every insert and rename; null only for a pre-0011 name that already looked like an older one.
   */
  username_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  profile_image_75x75: string | null;
  profile_image_150x150: string | null;
  email_verified: Generated<boolean>;
  sms_verified: Generated<boolean>;
  role: Generated<'fan' | 'host'>;
  marketing_opt_in: Generated<boolean>;
  referred_by: string | null;
  date_of_birth: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PhoneCodesTable {
  id: Generated<number>;
  phone_number: string;
  code_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  attempts: Generated<number>;
  verified_at: NullableTimestamp;
  temp_code_hash: string | null;
  temp_expires_at: NullableTimestamp;
  temp_used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PartnerSignupsTable {
  id: Generated<number>;
  partner_id: string;
  temp_code_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  to_number: string;
  body: string;
  kind: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  error: string | null;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'reset' | 'login';
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  error: string | null;
}

/** jsonb: written as a JSON string (so arrays never become PostgreSQL arrays), read back parsed. */
type Json<T> = ColumnType<T, string, string>;
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

/** The Show entity's fields that are not columns of their own. */
export type ShowDetails = Pick<
  Show,
  | 'ticketing'
  | 'caption_files'
  | 'base_video'
  | 'pips'
  | 'streams'
  | 'event_config'
  | 'ticket_items'
  | 'lightstick_songs'
  | 'latency_mode'
> &
  Pick<
    Show['event'],
    'reairings' | 'reairings_msg' | 'reairings_virtual_doors_msg' | 'sale_start_time' | 'sale_end_time'
  >;

export interface ShowsTable {
  id: Generated<number>;
  slug: string;
  paid_event_name: string;
  paid_event_id: number;
  channel_id: number;
  event_name: string;
  artist_name: string;
  event_start_time: ColumnType<Date, Date | string, Date | string>;
  event_enter_time: ColumnType<Date | null, Date | string | null, Date | string | null>;
  event_end_time: ColumnType<Date, Date | string, Date | string>;
  details: Json<ShowDetails>;
  /** Goes up by one at every change: a host's save must carry the one it was based on (issue 25). */
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BookingCodeKind = 'show' | 'merch';

export interface BookingCodesTable {
  id: Generated<number>;
  show_id: number;
  /** Trimmed and uppercased. */
  code: string;
  /** The purchase email, lowercased. */
  email: string;
  vendor: string;
  attributes: JsonWithDefault<TicketAttributes>;
  kind: ColumnType<BookingCodeKind, BookingCodeKind | undefined, BookingCodeKind>;
  redeemed_by: number | null;
  redeemed_at: NullableTimestamp;
  /** Revoked in the control room (migration 0015): no longer redeemable. */
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export type TicketSource = 'code' | 'purchase' | 'grant';

export interface TicketsTable {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  source: TicketSource;
  booking_code_id: number | null;
  attributes: JsonWithDefault<TicketAttributes>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DeviceEndReason = 'replaced' | 'left' | 'expired' | 'logout';

export interface DeviceSessionsTable {
  /** A UUID: it travels to the client and back (realtime auth, leave), so it must not be guessable. */
  id: string;
  user_id: number;
  show_id: number;
  ticket_id: number;
  auth_token_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: DeviceEndReason | null;
}

export interface AnalyticsEventsTable {
  id: Generated<string>;
  received_at: Timestamp;
  event_time: ColumnType<Date, Date | string, Date | string>;
  event_type: string;
  event_category: string;
  device_id: string | null;
  user_id: number | null;
  visitor_id: string;
  event_data: Json<Record<string, unknown>>;
}

/** Chat and stickers (migration 0005, docs/chat-and-realtime.md). */
export interface HangsTable {
  id: Generated<number>;
  show_id: number;
  rank: number;
  /** pubnubForHang: the hang's realtime channel is `hang-<suffix>`. */
  suffix: string;
  name: string;
  description: Generated<string>;
  category: Generated<string>;
  image: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface HangSessionsTable {
  id: string;
  hang_id: number;
  user_id: number;
  created_at: Timestamp;
  left_at: NullableTimestamp;
}

export interface TossesTable {
  id: string;
  hang_id: number;
  user_id: number;
  toss_type: 'chat' | 'sticker';
  toss_text: string;
  sticker_id: string | null;
  sticker_image: string | null;
  send_time: ColumnType<Date, Date | string, Date | string>;
  held_reason: 'profanity' | 'chat_disabled' | 'blocked_term' | 'restricted' | null;
  /** Migration 0016: deleted for everyone by a host or moderator. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0016: a held toss approved or discarded in the moderators' queue. */
  reviewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface WallTotalsTable {
  show_id: number;
  /** bigint: drivers answer it as a string. */
  lt_stk: ColumnType<string, number, string | number>;
  updated_at: Timestamp;
}

/** Live caption lines of a show (issue 11), per language. */
export interface LiveCaptionsTable {
  id: Generated<string>;
  show_id: number;
  lang: string;
  text: string;
  start_at: ColumnType<Date, Date | string, Date | string>;
  end_at: ColumnType<Date, Date | string, Date | string>;
  posted_by: number | null;
  created_at: Generated<Date>;
}

export interface ShowChatSettingsTable {
  show_id: number;
  chat_enabled: Generated<boolean>;
  updated_at: Timestamp;
}

export interface UserMonikersTable {
  user_id: number;
  moniker: string;
  position: Generated<number>;
}

export interface CatalogItemsTable {
  item_id: string;
  category: 'bundle' | 'sticker' | 'ticket';
  paid_event_name: string | null;
  display_name: Json<Partial<Record<string, string>>>;
  display_description: JsonWithDefault<Partial<Record<string, string>>>;
  display_image: string;
  /** Integer minor units of `currency`. */
  price: number;
  currency: string;
  sale_currency_symbol: string;
  tax_collected: Generated<boolean>;
  in_stock: Generated<boolean>;
  available_from: NullableTimestamp;
  available_until: NullableTimestamp;
  sort: Generated<number>;
  created_at: Timestamp;
  /** Ticket items: what the buyer's ticket grants (migration 0006). */
  ticket_attributes: ColumnType<TicketAttributes | null, string | null | undefined, string | null>;
  refund_stop_time: NullableTimestamp;
}

export interface CatalogBundleItemsTable {
  bundle_id: string;
  item_id: string;
  position: Generated<number>;
}

export interface OrdersTable {
  sub_order_id: string;
  order_id: string;
  user_id: number;
  item_id: string;
  status: 'pending' | 'fulfilled' | 'canceled';
  quantity: Generated<number>;
  total_charges: number;
  currency: string;
  time_ordered: Timestamp;
  refund_stop_time: NullableTimestamp;
  payment_intent_id: string | null;
  client_secret: string | null;
  cancel_reason: string | null;
  canceled_at: NullableTimestamp;
  /** The page's language at ordering: the receipt and refund mails' language (migration 0031). */
  mail_lang: ColumnType<Locale, Locale | undefined, Locale>;
  /** The order body's receipt_email; null: the account's address. */
  receipt_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The card that paid ('card-visa-4242'), set when the provider reports the payment. */
  card: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BillingInfosTable {
  user_id: number;
  vendor: string;
  billing: Json<Billing>;
  shipping: ColumnType<Billing | null, string | null | undefined, string | null>;
  customer_id: string;
  payment_method_id: string | null;
  card: Generated<string>;
  updated_at: Timestamp;
}

export interface TestpayPaymentMethodsTable {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: string;
  created_at: Timestamp;
}

export interface TestpayIntentsTable {
  id: string;
  kind: 'payment' | 'setup';
  client_secret: string;
  customer_id: string | null;
  amount: Generated<number>;
  currency: string | null;
  status: string;
  payment_method_id: string | null;
  amount_refunded: Generated<number>;
  last_error: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  metadata: JsonWithDefault<Record<string, string>>;
  created_at: Timestamp;
}

/** A browser that logged in to the account with its password (migration 0012, device cookies). */
export interface LoginDevicesTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the device cookie; the cookie itself is never stored. */
  device_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

/** Live ingest (migration 0013): the show's broadcast lifecycle once it takes pushed feeds. */
export interface ShowBroadcastsTable {
  show_id: number;
  state: ColumnType<
    'pending' | 'live' | 'ended' | 'replay',
    'pending' | 'live' | 'ended' | 'replay' | undefined,
    'pending' | 'live' | 'ended' | 'replay'
  >;
  ladder: JsonWithDefault<{ name: string; height: number; video_kbps: number }[]>;
  live_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: Timestamp;
  /** The host's trim of the replay (migration 0033): null is the default, Go live / End show. */
  replay_start: ColumnType<Date | null, Date | null | undefined, Date | null>;
  replay_end: ColumnType<Date | null, Date | null | undefined, Date | null>;
  replay_version: ColumnType<number, number | undefined, number>;
}

/** One pushed stream of a show: its stream key (id + SHA-256 of the secret) and its AES-128 key. */
export interface IngestStreamsTable {
  id: Generated<number>;
  show_id: number;
  stream: string;
  key_id: string;
  key_hash: string;
  key_hint: string;
  key_created_at: Timestamp;
  media_key_id: string;
  media_key: string;
  media_iv: string;
  /** An operator's correction of this angle's show clock, in ms (migration 0017). */
  sync_offset_ms: Generated<number>;
}

/** Moderation (migration 0016). */
export interface ShowModeratorsTable {
  show_id: number;
  user_id: number;
  appointed_by: number | null;
  created_at: Timestamp;
}

export type ChatRestrictionKind = 'timeout' | 'ban' | 'chat_off';

export interface ChatRestrictionsTable {
  show_id: number;
  user_id: number;
  kind: ChatRestrictionKind;
  until: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
}

export interface ShowChatPoliciesTable {
  show_id: number;
  slow_mode_seconds: Generated<number>;
  updated_at: Timestamp;
}

export interface ShowBlockedTermsTable {
  show_id: number;
  term: string;
  created_at: Timestamp;
}

export interface TossReportsTable {
  toss_id: string;
  reporter_id: number;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}

export interface AuditLogTable {
  /** bigint: drivers answer it as a string. */
  id: ColumnType<string, never, never>;
  show_id: number | null;
  actor_id: number | null;
  actor_username: string;
  actor_role: string;
  action: string;
  target: string | null;
  detail: Generated<string>;
  created_at: Timestamp;
}

/** The control room (migration 0015): the last cue of each kind per show. */
export interface ShowCuesTable {
  show_id: number;
  cue: string;
  alert: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface CueTimelineTable {
  id: Generated<string>;
  show_id: number;
  at: ColumnType<Date, Date | string, Date | string>;
  kind: string;
  alert: Json<Record<string, unknown>>;
  sent_by: number | null;
  sent_at: Generated<Date>;
}

export interface FanDistancesTable {
  show_id: number;
  user_id: number;
  behind_ms: number;
  reported_at: ColumnType<Date, Date | string, Date | string>;
}

/** The waiting room's settings per show, and a single node's lines (migration 0034). */
export interface WaitingRoomsTable {
  show_id: number;
  rate_per_second: number;
  max_active: number;
  policy: 'arrival' | 'random';
  paused: boolean;
  prequeue_minutes: number;
  counters: Json<Record<string, unknown>> | null;
  updated_at: Timestamp;
}

export interface Database {
  waiting_rooms: WaitingRoomsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  email_tokens: EmailTokensTable;
  mail_outbox: MailOutboxTable;
  phone_codes: PhoneCodesTable;
  sms_outbox: SmsOutboxTable;
  partner_signups: PartnerSignupsTable;
  shows: ShowsTable;
  booking_codes: BookingCodesTable;
  tickets: TicketsTable;
  device_sessions: DeviceSessionsTable;
  analytics_events: AnalyticsEventsTable;
  hangs: HangsTable;
  hang_sessions: HangSessionsTable;
  tosses: TossesTable;
  show_chat_settings: ShowChatSettingsTable;
  wall_totals: WallTotalsTable;
  user_monikers: UserMonikersTable;
  catalog_items: CatalogItemsTable;
  catalog_bundle_items: CatalogBundleItemsTable;
  orders: OrdersTable;
  billing_infos: BillingInfosTable;
  testpay_payment_methods: TestpayPaymentMethodsTable;
  testpay_intents: TestpayIntentsTable;
  live_captions: LiveCaptionsTable;
  login_devices: LoginDevicesTable;
  show_broadcasts: ShowBroadcastsTable;
  ingest_streams: IngestStreamsTable;
  show_moderators: ShowModeratorsTable;
  chat_restrictions: ChatRestrictionsTable;
  show_chat_policies: ShowChatPoliciesTable;
  show_blocked_terms: ShowBlockedTermsTable;
  toss_reports: TossReportsTable;
  audit_log: AuditLogTable;
  show_cues: ShowCuesTable;
  cue_timeline: CueTimelineTable;
  fan_distances: FanDistancesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type MailRow = Selectable<MailOutboxTable>;
export type ShowRow = Selectable<ShowsTable>;
export type ShowBroadcastRow = Selectable<ShowBroadcastsTable>;
export type IngestStreamRow = Selectable<IngestStreamsTable>;
export type NewShow = Insertable<ShowsTable>;
export type BookingCodeRow = Selectable<BookingCodesTable>;
export type NewBookingCode = Insertable<BookingCodesTable>;
export type TicketRow = Selectable<TicketsTable>;
export type DeviceSessionRow = Selectable<DeviceSessionsTable>;
