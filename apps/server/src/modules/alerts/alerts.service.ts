import { type Alert, type AlertPublished, showChannel, userChannel } from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { HangsRepo } from '../hangs/hangs.repo.ts';
import type { ShowsService } from '../shows/shows.service.ts';

/**
 * Host alerts (ALR rows): to the whole show on `show-<slug>`, or with `f` to that one username's
 * `user-<id>` channel. The show-wide chat switch is also stored, so that late joiners, hang_status and
 * the toss check know it (the toss check within a second on every node).
 */
export function createAlertsService(deps: {
  shows: Pick<ShowsService, 'bySlug'>;
  hangs: Pick<HangsRepo, 'userByUsername' | 'setChatEnabled'>;
  onChatSwitch: (showId: number) => void;
  bus: Bus;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async publish(slug: string, alert: Alert): Promise<AlertPublished> {
      const show = await deps.shows.bySlug(slug);
      if (!show) throw new AppError('VIDEO_NOT_FOUND', 400, 'This show could not be found.');
      let channel = showChannel(slug);
      if (alert.f !== undefined) {
        const target = await deps.hangs.userByUsername(alert.f);
        if (!target) throw new AppError('USER_NOT_FOUND', 404, `No fan is called ${alert.f}.`);
        channel = userChannel(target.id);
      } else if (alert.type === 'chat') {
        await deps.hangs.setChatEnabled(show.row.id, alert.display_code !== 0, now());
        deps.onChatSwitch(show.row.id);
      }
      await deps.bus.publish(channel, { kind: 'alert', slug, alert });
      return { channel, alert };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
