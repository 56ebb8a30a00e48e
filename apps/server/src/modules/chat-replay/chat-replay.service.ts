import type { ChatReplayQuery, ChatReplayResponse } from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { presentToss } from '../hangs/hangs.presenter.ts';
import type { HangsRepo } from '../hangs/hangs.repo.ts';
import type { ShowsService } from '../shows/shows.service.ts';
import type { ChatReplayRepo } from './chat-replay.repo.ts';

/**
 * The chat beside a replay: what the show's hangs delivered in a window of program dates. The same
 * readers as the live chat (ticket holders and hosts), at any time after the show: a replay is
 * watched when join_hang has long closed.
 */
export function createChatReplayService(deps: {
  repo: ChatReplayRepo;
  hangs: Pick<HangsRepo, 'monikersOf'>;
  shows: Pick<ShowsService, 'bySlug'>;
  mayReadShow: (user: UserRow, slug: string) => Promise<boolean>;
}) {
  return {
    async window(user: UserRow, slug: string, q: ChatReplayQuery): Promise<ChatReplayResponse> {
      const show = await deps.shows.bySlug(slug);
      if (!show) throw new AppError('NOT_FOUND', 404, 'This show could not be found.');
      if (!(await deps.mayReadShow(user, slug))) {
        throw new AppError(
          'NO_TICKET',
          403,
          'You need a ticket for this show. Validate your ticket to enter.',
        );
      }
      // One more than asked tells whether the window holds more.
      const window = { from: new Date(q.from), to: new Date(q.to), after: q.after };
      const rows = await deps.repo.tossesBetween(show.row.id, window, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const monikers = await deps.hangs.monikersOf([...new Set(page.map((t) => t.user_id))]);
      return {
        tosses: page.map((t) => presentToss(t, monikers.get(t.user_id) ?? [])),
        truncated: rows.length > q.limit,
      };
    },
  };
}

export type ChatReplayService = ReturnType<typeof createChatReplayService>;
