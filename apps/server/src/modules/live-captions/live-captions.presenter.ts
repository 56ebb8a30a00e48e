import type { LiveCaption } from '@encore/contract';
import type { LiveCaptionRow } from './live-captions.repo.ts';

export const presentLiveCaption = (r: LiveCaptionRow): LiveCaption => ({
  id: String(r.id),
  lang: r.lang,
  text: r.text,
  start: r.start_at.toISOString(),
  end: r.end_at.toISOString(),
});
