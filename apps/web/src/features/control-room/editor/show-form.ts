import { Show, SLUG_RE, showSongProblems, showStreamProblems, showTimeProblems } from '@encore/contract';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
/** A form problem: the field path (as the server names it) and the text to show there. */
export type Problems = Record<string, string>;

const HOUR = 3_600_000;

/** A new show: tomorrow at 20:00 for two hours, one angle of the built-in demo, chat on. */
export function blankShow(now = new Date()): Show {
  const start = new Date(now);
  start.setDate(start.getDate() + 1);
  start.setHours(20, 0, 0, 0);
  return {
    paid_event_name: '',
    paid_event_id: 1,
    event_name: '',
    artist_name: '',
    slug: '',
    channel_id: 1,
    ticketing: [],
    event: {
      event_start_time: start.toISOString(),
      event_enter_time: new Date(start.getTime() - HOUR / 2).toISOString(),
      event_end_time: new Date(start.getTime() + 2 * HOUR).toISOString(),
      reairings: [],
      reairings_msg: {},
      reairings_virtual_doors_msg: {},
    },
    caption_files: [],
    base_video: 'mix-stream1',
    pips: { sinks: [{ id: 1, label: 'CAM 1' }] },
    streams: { 'mix-stream1': { hls: { url: '/media/mix-stream1/index.m3u8' } } },
    event_config: {
      tabs: ['chat', 'stickers', 'react'],
      cheer: { sprites: [], button_icon: '', button_icon_active: '', background_image: '' },
      twitter: { default_message: '', prompt: '' },
      features: { cheers: true, twitter: false },
      wall_stats_interval: 5000,
    },
  };
}

/**
 * The same rules as the server: the contract's schema (every field's type and bounds), then the
 * time and stream rules both ends share. Answers every problem, keyed by field path.
 */
export function validateShow(show: Show, translate: (key: MessageKey) => string): Problems {
  const problems: Problems = {};
  // A show without its name or its artist is nothing a fan can find: both are required here.
  if (!show.event_name.trim()) problems.event_name = translate('host-error-required');
  if (!show.artist_name.trim()) problems.artist_name = translate('host-error-required');
  if (!SLUG_RE.test(show.slug)) problems.slug = translate('host-error-slug');
  const parsed = Show.safeParse(show);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // An empty text is "required", said in the UI's language; other rules keep the schema's words.
      const empty = issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1;
      problems[path] ??= empty ? translate('host-error-required') : issue.message;
    }
  }
  for (const p of [...showTimeProblems(show.event), ...showStreamProblems(show), ...showSongProblems(show)]) {
    problems[p.field] ??= translate(p.key as MessageKey);
  }
  return problems;
}
