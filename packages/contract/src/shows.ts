import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { safeId, safeInt, safeString, safeUrl } from './safe-input.ts';

/**
 * The Show entity and its ticketing vendors (accounts section 3, viewing section 3), and the rules
 * both ends apply to a show's times (DESIGN.md section 10).
 */

/** An ISO 8601 instant; the server always writes UTC (`...Z`). */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** A text per UI locale; a missing locale falls back to en (DESIGN.md section 10). */
export const LocaleText = z.partialRecord(z.enum(LOCALES), safeString());
export type LocaleText = z.infer<typeof LocaleText>;

/**
 * The URL fields of a show (issue 29, url-rules.ts): an image, a stream or a caption file is an
 * http(s) URL or a path on this site, '' where the field may be left empty; nothing else reaches a
 * fan's page.
 */
const mediaUrl = () => safeUrl({ site: true, empty: true });

/** A vendor's shop page per UI locale: http(s) or a path on this site. */
export const LocaleUrl = z.partialRecord(z.enum(LOCALES), safeUrl({ site: true, empty: true }));

/** Vendor ids with a meaning of their own; any other id is an external shop. */
export const VENDOR_IDS = { own: 'encore', partner: 'weverse', thirdParty: 'thirdparty' } as const;

export const VendorId = safeString().regex(
  /^[a-z0-9][a-z0-9_-]{0,63}$/,
  'lowercase letters, digits, "-" and "_", at most 64',
);

export const ValidateType = z.enum(['external', 'encore', 'weverse', 'thirdparty']);
export type ValidateType = z.infer<typeof ValidateType>;

/** Ticketing vendor (accounts section 3, TIX-10). */
export const Vendor = z.object({
  id: VendorId,
  name: safeString(),
  logo: mediaUrl(),
  /** Image of a QR code leading to the vendor's shop, when it has one. */
  qr: mediaUrl().nullable(),
  external_urls: LocaleUrl,
  validate_type: ValidateType,
  /** What the vendor calls its code (booking number, order number ...). */
  token_name: safeString(),
  ticket_validate_title: LocaleText,
  ticket_validate_sub_title: LocaleText,
  ticket_validate_email_label: LocaleText,
  ticket_validate_email_placeholder: LocaleText,
  ticket_validate_email_hint: LocaleText,
  ticket_validate_token_label: LocaleText,
  ticket_validate_token_placeholder: LocaleText,
  ticket_validate_token_hint: LocaleText,
  ticket_validate_success_msg: LocaleText,
});
export type Vendor = z.infer<typeof Vendor>;

export const Reairing = z.object({
  event_start_time: IsoDateTime,
  event_enter_time: IsoDateTime.optional(),
  event_end_time: IsoDateTime.optional(),
});
export type Reairing = z.infer<typeof Reairing>;

export const ShowEvent = z.object({
  event_start_time: IsoDateTime,
  /** Doors open; null means 30 minutes before the start (see doorsOpenAt). */
  event_enter_time: IsoDateTime.nullable(),
  event_end_time: IsoDateTime,
  reairings: z.array(Reairing),
  reairings_msg: LocaleText,
  reairings_virtual_doors_msg: LocaleText,
  /**
   * The product's own ticket sale window (CONST-07 "Tickets on sale from"): orders are refused before
   * the start and after the end. Absent or null: on sale from TICKETS_ON_SALE_FROM until the show ends.
   */
  sale_start_time: IsoDateTime.nullable().optional(),
  sale_end_time: IsoDateTime.nullable().optional(),
});
export type ShowEvent = z.infer<typeof ShowEvent>;

export const CaptionFile = z.object({ language: safeString(), label: safeString(), url: mediaUrl() });
export type CaptionFile = z.infer<typeof CaptionFile>;

/** One camera angle; its stream is `mix-stream<id>`, and the id is the 1-based pip number. */
export const PipSink = z.object({ id: safeId(), label: safeString() });
export type PipSink = z.infer<typeof PipSink>;

/** A box of the multiview mosaic on the 1920x1080 reference frame (viewing section 3). */
export const MultiviewBox = z.object({
  id: safeId(),
  label: safeString(),
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type MultiviewBox = z.infer<typeof MultiviewBox>;

export const Pips = z.object({
  sinks: z.array(PipSink),
  mview: z
    .object({ 4: z.array(MultiviewBox), 6: z.array(MultiviewBox) })
    .partial()
    .optional(),
});
export type Pips = z.infer<typeof Pips>;

/** Stream names of viewing section 7: one angle, a mosaic of 4 or 6, the fan wall, 4K. */
export const STREAM_NAME_RE = /^(mix-stream[1-9]\d*|streampips[46]|fanwall-stream|stream4k)$/;
export const StreamName = safeString().regex(STREAM_NAME_RE);
export const StreamSource = z.object({
  hls: z.object({
    url: mediaUrl(),
    /**
     * The URL is a low-latency HLS playlist (parts, preload hints, blocking reload: docs/media.md
     * 9.4): play it with hls.js `lowLatencyMode`. Set by the server on a live-ingest show whose
     * latency mode is `low`; absent on every other source.
     */
    low_latency: z.boolean().optional(),
  }),
  dash: z.object({ url: mediaUrl() }).optional(),
});
export const Streams = z.record(StreamName, StreamSource);
export type Streams = z.infer<typeof Streams>;

/** One item of the generic merch store (viewing section 2, MRC-02): BUY opens its url in a new tab. */
export const MerchItem = z.object({
  /** The item's name as the shop calls it: what a fan sees when `display_name` lacks their locale. */
  name: safeString().min(1).max(80),
  /** The name per UI locale (issue 14: fans in ja and ko saw English names), like a ticket's. */
  display_name: z.partialRecord(z.enum(LOCALES), safeString().max(80)).optional(),
  /** The shop's page: an http(s) URL (Stripe's rule for merchant URLs), never javascript: or data:. */
  url: safeUrl(),
  image: mediaUrl(),
});
export type MerchItem = z.infer<typeof MerchItem>;

export const EventConfig = z.object({
  tabs: z.array(safeString()),
  /**
   * The merch tab: the generic store of at most 6 items (variant 2, MRC-02), or, when product_ids
   * are listed, the embedded shop of up to 11 products (variant 1, MRC-01). Without either the tab
   * is not offered.
   */
  merch: z
    .object({
      items: z.array(MerchItem).max(6),
      product_ids: z
        .array(safeString().regex(/^[A-Za-z0-9_:/.-]{1,128}$/))
        .max(11)
        .optional(),
    })
    .optional(),
  cheer: z.object({
    sprites: z.array(mediaUrl()),
    button_icon: mediaUrl(),
    button_icon_active: mediaUrl(),
    background_image: mediaUrl(),
  }),
  /** The social-post widget (MRC-05 to MRC-08); hashtags default to the artist's name. */
  twitter: z.object({
    default_message: safeString().max(280),
    prompt: safeString().max(120),
    hashtags: z
      .array(safeString().regex(/^[\p{L}\p{N}_]{1,50}$/u))
      .max(5)
      .optional(),
  }),
  features: z.object({ cheers: z.boolean(), twitter: z.boolean() }),
  /** Poll interval of the wall stats in ms (viewing section 9: default 5000). */
  wall_stats_interval: safeId(),
  /**
   * The iframe wrapper of the viewer page (viewing section 2, LAY-10): an embedded page (a sponsor,
   * a programme) under the video, rendered only when this is non-empty. An https URL or a path on
   * this site.
   */
  iframe_src: safeUrl({ site: true, https: true, empty: true }).optional(),
  /** Pips can be chosen once the main video's time passed this many seconds (MV-13). */
  pip_delay: z.number().nonnegative().max(86_400).optional(),
});
export type EventConfig = z.infer<typeof EventConfig>;

export const PaidEventName = safeString().min(1).max(100);

/** Ticket attributes (TIX-07): they decide the view entitlement (accounts section 6). */
export const TicketAttributes = z.object({
  /** GA, Directors, or another label of the seller. */
  type: safeString().max(64).optional(),
  tmo: z.boolean().optional(),
  mview: z.number().optional(),
  '4K': z.boolean().optional(),
});
export type TicketAttributes = z.infer<typeof TicketAttributes>;

/**
 * A ticket the show sells in the product (COM-05): the catalogue's category=ticket items are made
 * from these. `price` is integer minor units of `currency`; `ticket_attributes` are granted to the
 * buyer; refunds are possible until `refund_stop_time` (default: when the doors open).
 */
export const ShowTicketItem = z.object({
  item_id: safeString().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
  display_name: LocaleText,
  display_description: LocaleText,
  price: safeInt().min(0),
  currency: safeString().regex(/^[A-Z]{3}$/),
  sale_currency_symbol: safeString().min(1).max(8),
  ticket_attributes: TicketAttributes,
  refund_stop_time: IsoDateTime.nullable().optional(),
});
export type ShowTicketItem = z.infer<typeof ShowTicketItem>;

/**
 * A light-stick song the show's control room offers (BT-07's fields): its track is bpm, start (ms
 * delay before the first beat) and duration (s), as the host's lightstick alert carries them.
 */
export const ShowLightstickSong = z.object({
  title: safeString().min(1).max(200),
  version: safeString().max(64),
  bpm: safeInt().min(40).max(240),
  start: safeInt().min(0).max(60_000),
  duration: safeInt().min(1).max(3600),
  gradient: z.boolean(),
});
export type ShowLightstickSong = z.infer<typeof ShowLightstickSong>;

/**
 * How far behind live a show's fans sit (issue 24, docs/media.md 9.4), chosen by the host as on
 * YouTube: `low` plays low-latency HLS (about 2 to 3 s behind the encoder; about three requests a
 * second per fan, less buffer against a poor network), `standard` plays standard HLS of 1 s
 * segments (about 4 to 6 s; the default), `reduced_bandwidth` plays standard HLS with the ladder
 * capped at 480p (less data for fans on mobile networks, no HD). Live ingest only: the demo loop and
 * external URLs play as they are.
 */
export const LATENCY_MODES = ['low', 'standard', 'reduced_bandwidth'] as const;
export const LatencyMode = z.enum(LATENCY_MODES);
export type LatencyMode = z.infer<typeof LatencyMode>;

/** The Show entity (LAND-21, LAND-22). */
export const Show = z.object({
  paid_event_name: PaidEventName,
  /** Never 0: a DRM token is fetched only for a non-zero paid event id. */
  paid_event_id: safeId(),
  event_name: safeString(),
  artist_name: safeString(),
  slug: safeString(),
  channel_id: safeId(),
  ticketing: z.array(Vendor),
  event: ShowEvent,
  caption_files: z.array(CaptionFile),
  /** The stream name (a key of `streams`) the player starts on. */
  base_video: safeString(),
  pips: Pips,
  streams: Streams,
  event_config: EventConfig,
  /** Tickets sold in the product; none means the show sells on its vendors' shops only. */
  ticket_items: z.array(ShowTicketItem).max(20).optional(),
  /** The show's light-stick songs (control room); none set: the built-in list (LIGHTSTICK_SONGS). */
  lightstick_songs: z.array(ShowLightstickSong).max(50).optional(),
  /** The show's latency mode for its pushed streams; absent means `standard`. */
  latency_mode: LatencyMode.optional(),
});
export type Show = z.infer<typeof Show>;

export const ShowStatus = z.enum(['upcoming', 'open', 'live', 'ended']);
export type ShowStatus = z.infer<typeof ShowStatus>;

/** GET /thor/channels/{id}/: the show with its state at answer time. */
export const Channel = Show.extend({ status: ShowStatus, doors_open_at: IsoDateTime });
export type Channel = z.infer<typeof Channel>;

export const ChannelParams = z.object({ id: safeString().max(32) });

/** GET /thor/channels/active/ */
export const ActiveChannels = z.object({ results: z.array(Channel) });
export type ActiveChannels = z.infer<typeof ActiveChannels>;
