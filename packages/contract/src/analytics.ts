import { z } from 'zod';
import { ANALYTICS_BATCH_MAX } from './analytics-rules.ts';
import { safeInt, safeString } from './safe-input.ts';
import { IsoDateTime } from './shows.ts';

/**
 * POST /thor/event/ (viewing section 7, accounts section 7): analytics events, sent in batches. The
 * Zod-free rules (event kinds, pip ids, visitor id) are in analytics-rules.ts.
 *
 * Answers: 202 {accepted}; 400 BAD_REQUEST (malformed batch: nothing is stored); 500 SERVER_ERROR
 * (ANL-05). Authentication is optional (a logged-out visitor's login_register_click counts); with a
 * valid token the server records the token's user, whatever user_info says.
 */

const Referral = z.record(safeString().max(64), safeString().max(512));

/** event_data fields every event carries (visitor id, referrer and referral parameters). */
const Common = {
  visitor_id: safeString().regex(/^\d{13}\d{4,5}$/),
  referrer: safeString().max(2048).optional(),
  referral: Referral.optional(),
};

/** A pip id: an angle (1-based), 0 the multiview overview, -2 the fan wall, 2160 the 4K view. */
const PipId = safeInt().min(-2).max(2160);

export const PipClickData = z.object({
  ...Common,
  lastpip_id: PipId,
  /** The label of the pip left (e.g. 'CAM 2', '4K', 'Fan wall', 'Multiview'). */
  last_pip: safeString().max(64),
  pip_id: PipId,
  /** Seconds spent on the pip left. */
  lastpip_duration: z
    .number()
    .min(0)
    .max(7 * 24 * 3600),
});

export const SubtitleSwitchData = z.object({
  ...Common,
  /** The caption language chosen; 'none' for Off. */
  language: safeString().max(16),
  label: safeString().max(64),
});

export const VideoQualityData = z.object({
  ...Common,
  /** The level's label ('1080p', '4K', 'NNN kbps', 'Auto') and index (-1 for Auto). */
  label: safeString().max(32),
  index: safeInt().min(-1).max(64),
  height: safeInt().min(0).max(4320).optional(),
});

export const BtLightstickData = z.object({ ...Common, qualifier: z.enum(['pair', 'disconnect']) });
export const LoginRegisterClickData = z.object({ ...Common });

const Envelope = {
  event_time: IsoDateTime,
  /** The selected show's name, or the first show's (ANL-02). */
  event_category: safeString().max(200),
  /** The hang session (ANL-03); null before joining. */
  device_id: safeString().max(64).nullable(),
  user_info: z.object({ user_id: safeInt(), username: safeString().max(64) }).nullable(),
};

export const AnalyticsEvent = z.discriminatedUnion('event_type', [
  z.object({ ...Envelope, event_type: z.literal('pipclick'), event_data: PipClickData }),
  z.object({ ...Envelope, event_type: z.literal('subtitleswitch'), event_data: SubtitleSwitchData }),
  z.object({ ...Envelope, event_type: z.literal('videoquality'), event_data: VideoQualityData }),
  z.object({ ...Envelope, event_type: z.literal('bt_lightstick'), event_data: BtLightstickData }),
  z.object({
    ...Envelope,
    event_type: z.literal('login_register_click'),
    event_data: LoginRegisterClickData,
  }),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

export const AnalyticsBatch = z.object({ events: z.array(AnalyticsEvent).min(1).max(ANALYTICS_BATCH_MAX) });
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>;

export const AnalyticsAccepted = z.object({ accepted: safeInt() });
export type AnalyticsAccepted = z.infer<typeof AnalyticsAccepted>;
