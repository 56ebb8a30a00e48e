import type { Show, TicketAttributes } from '@encore/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Row types of the database, one interface per table (the repos' vocabulary). */

/** Set by a default on insert, so optional there. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
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
  purpose: 'verify' | 'reset';
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
  'ticketing' | 'caption_files' | 'base_video' | 'pips' | 'streams' | 'event_config'
> &
  Pick<Show['event'], 'reairings' | 'reairings_msg' | 'reairings_virtual_doors_msg'>;

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

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  email_tokens: EmailTokensTable;
  mail_outbox: MailOutboxTable;
  shows: ShowsTable;
  booking_codes: BookingCodesTable;
  tickets: TicketsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type MailRow = Selectable<MailOutboxTable>;
export type ShowRow = Selectable<ShowsTable>;
export type NewShow = Insertable<ShowsTable>;
export type BookingCodeRow = Selectable<BookingCodesTable>;
export type NewBookingCode = Insertable<BookingCodesTable>;
export type TicketRow = Selectable<TicketsTable>;
