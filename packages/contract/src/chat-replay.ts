import { z } from 'zod';
import { Toss } from './chat.ts';
import { safeIntParam } from './safe-input.ts';
import { IsoDateTime } from './shows.ts';
import { ShowSlugParams } from './tickets.ts';

/**
 * The chat of a show beside its replay (issue 11): the tosses every hang of the show delivered between
 * two program dates, oldest first, so a replay can show what fans wrote at the moment on screen and
 * follow seeks. Held (filtered) tosses are never part of it. Ticket holders and hosts may read it.
 */
export const CHAT_REPLAY_WINDOW_MAX_MS = 10 * 60 * 1000;
export const CHAT_REPLAY_LIMIT_MAX = 500;

export const ChatReplayParams = ShowSlugParams;
export const ChatReplayQuery = z
  .object({
    from: IsoDateTime,
    to: IsoDateTime,
    limit: safeIntParam().min(1).max(CHAT_REPLAY_LIMIT_MAX).default(200),
    /** Continue a truncated answer: only tosses after this one (sent at `from`) and later ones. */
    after: z.uuid().optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'to must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CHAT_REPLAY_WINDOW_MAX_MS, {
    message: 'A window is at most 10 minutes long',
    path: ['to'],
  });
export type ChatReplayQuery = z.infer<typeof ChatReplayQuery>;

export const ChatReplayResponse = z.object({
  tosses: z.array(Toss),
  /** More tosses fall in the window than `limit`: ask again with from = the last one's send_time, after = its id. */
  truncated: z.boolean(),
});
export type ChatReplayResponse = z.infer<typeof ChatReplayResponse>;
