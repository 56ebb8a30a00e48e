import { type Alert, type AlertPublished, type CueState, showChannel, userChannel } from '@encore/contract';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { CuesRepo } from '../control-room/cues.repo.ts';
import type { HangsRepo } from '../hangs/hangs.repo.ts';
import type { ShowsService } from '../shows/shows.service.ts';

const showNotFound = () => new AppError('VIDEO_NOT_FOUND', 404, 'This show could not be found.');

/**
 * Host alerts (ALR rows): to the whole show on `show-<slug>`, or with `f` to that one username's
 * `user-<id>` channel. The last show-wide cue of each kind is stored, so that the control room shows
 * the current state after a reload. The chat switch is stored both ways: show-wide for late joiners,
 * hang_status and the toss check; for one fan (`f`) as a mute that the toss check enforces, so that
 * fan's messages reach no one else even after a reload (within a second on every node). Chat on for
 * everyone turns it on for those fans too, as every fan's client does on that alert.
 */
export function createAlertsService(deps: {
  shows: Pick<ShowsService, 'bySlug'>;
  hangs: Pick<HangsRepo, 'userByUsername' | 'setChatEnabled' | 'setMuted' | 'chatEnabled'>;
  cues: CuesRepo;
  onChatSwitch: (showId: number) => void;
  bus: Bus;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function showOf(slug: string) {
    const show = await deps.shows.bySlug(slug);
    if (!show) throw new AppError('VIDEO_NOT_FOUND', 400, 'This show could not be found.');
    return show;
  }

  return {
    async publish(slug: string, alert: Alert): Promise<AlertPublished> {
      const show = await showOf(slug);
      let channel = showChannel(slug);
      if (alert.f !== undefined) {
        const target = await deps.hangs.userByUsername(alert.f);
        if (!target) throw new AppError('USER_NOT_FOUND', 404, `No fan is called ${alert.f}.`);
        channel = userChannel(target.id);
        if (alert.type === 'chat') {
          await deps.hangs.setMuted(show.row.id, target.id, alert.display_code === 0);
          deps.onChatSwitch(show.row.id);
        }
      } else {
        if (alert.type === 'chat') {
          const on = alert.display_code !== 0;
          await deps.hangs.setChatEnabled(show.row.id, on, now());
          // Every fan's client turns chat on at this alert: the server agrees, for every fan.
          if (on) await deps.cues.clearMuted(show.row.id);
          deps.onChatSwitch(show.row.id);
        }
        await deps.cues.save(show.row.id, alert, now());
      }
      await deps.bus.publish(channel, { kind: 'alert', slug, alert });
      return { channel, alert };
    },

    /** GET /thor/host/shows/{slug}/cues */
    async state(slug: string): Promise<CueState> {
      const show = await deps.shows.bySlug(slug);
      if (!show) throw showNotFound();
      const [cues, muted, chatEnabled] = await Promise.all([
        deps.cues.list(show.row.id),
        deps.cues.muted(show.row.id),
        deps.hangs.chatEnabled(show.row.id),
      ]);
      return {
        cues: cues.map((c) => ({ alert: c.alert as Alert, updated_at: c.updated_at.toISOString() })),
        chat_enabled: chatEnabled,
        muted: muted.flatMap((m) =>
          m.username ? [{ username: m.username, since: m.created_at.toISOString() }] : [],
        ),
      };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
