import { type Channel, doorsOpenAt, type Show, showStatus } from '@encore/contract';
import type { ShowRow } from '../../db/schema.ts';
import { withSafeUrls } from './show-urls.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentShow(row: ShowRow): Show {
  const d = row.details;
  return withSafeUrls({
    paid_event_name: row.paid_event_name,
    paid_event_id: row.paid_event_id,
    event_name: row.event_name,
    artist_name: row.artist_name,
    slug: row.slug,
    channel_id: row.channel_id,
    ticketing: d.ticketing,
    event: {
      event_start_time: iso(row.event_start_time),
      event_enter_time: row.event_enter_time ? iso(row.event_enter_time) : null,
      event_end_time: iso(row.event_end_time),
      reairings: d.reairings,
      reairings_msg: d.reairings_msg,
      reairings_virtual_doors_msg: d.reairings_virtual_doors_msg,
      ...(d.sale_start_time ? { sale_start_time: d.sale_start_time } : {}),
      ...(d.sale_end_time ? { sale_end_time: d.sale_end_time } : {}),
    },
    caption_files: d.caption_files,
    base_video: d.base_video,
    pips: d.pips,
    streams: d.streams,
    event_config: d.event_config,
    ...(d.ticket_items && d.ticket_items.length > 0 ? { ticket_items: d.ticket_items } : {}),
    ...(d.lightstick_songs ? { lightstick_songs: d.lightstick_songs } : {}),
    ...(d.latency_mode ? { latency_mode: d.latency_mode } : {}),
  });
}

/** The channel data of GET /thor/channels/{id}/: the show and its state at `now`. */
export function presentChannel(show: Show, now: Date): Channel {
  return { ...show, status: showStatus(show, now), doors_open_at: doorsOpenAt(show).toISOString() };
}
