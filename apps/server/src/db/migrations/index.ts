import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-shows-and-tickets.ts';
import * as m0003 from './0003-device-sessions.ts';
import * as m0004 from './0004-analytics.ts';
import * as m0005 from './0005-chat-and-stickers.ts';
import * as m0006 from './0006-phone-and-partner-login.ts';
import * as m0007 from './0007-commerce.ts';
import * as m0008 from './0008-wall-totals.ts';
import * as m0009 from './0009-retention.ts';
import * as m0011 from './0011-username-skeleton.ts';
import * as m0012 from './0012-credentials.ts';
import * as m0013 from './0013-live-ingest.ts';
import * as m0014 from './0014-live-captions.ts';
import * as m0015 from './0015-control-room.ts';
import * as m0016 from './0016-moderation.ts';
import * as m0017 from './0017-stream-sync-offset.ts';
import * as m0023 from './0023-entry-function.ts';
import * as m0024 from './0024-entry-fewer-checks.ts';
import * as m0025 from './0025-show-version.ts';
import * as m0026 from './0026-live-figures-indexes.ts';
import * as m0029 from './0029-login-links.ts';
import * as m0031 from './0031-order-mails.ts';
import * as m0032 from './0032-cue-timeline.ts';
import * as m0033 from './0033-replay-trim.ts';
import * as m0034 from './0034-waiting-rooms.ts';

/** Migrations in order; listed statically so that no file-system scan decides what runs. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-shows-and-tickets': m0002,
  '0003-device-sessions': m0003,
  '0004-analytics': m0004,
  '0005-chat-and-stickers': m0005,
  '0006-phone-and-partner-login': m0006,
  '0007-commerce': m0007,
  '0008-wall-totals': m0008,
  '0009-retention': m0009,
  '0011-username-skeleton': m0011,
  '0012-credentials': m0012,
  '0013-live-ingest': m0013,
  '0014-live-captions': m0014,
  '0015-control-room': m0015,
  '0016-moderation': m0016,
  '0017-stream-sync-offset': m0017,
  '0023-entry-function': m0023,
  '0024-entry-fewer-checks': m0024,
  '0025-show-version': m0025,
  '0026-live-figures-indexes': m0026,
  '0029-login-links': m0029,
  '0031-order-mails': m0031,
  '0032-cue-timeline': m0032,
  '0033-replay-trim': m0033,
  '0034-waiting-rooms': m0034,
};
