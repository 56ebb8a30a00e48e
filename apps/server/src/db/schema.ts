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

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  email_tokens: EmailTokensTable;
  mail_outbox: MailOutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type MailRow = Selectable<MailOutboxTable>;
