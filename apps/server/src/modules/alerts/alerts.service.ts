import { type Alert, type AlertPublished, type CueState, showChannel, userChannel } from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { CuesRepo } from '../control-room/cues.repo.ts';
import type { CueTimelineService } from '../cue-timeline/cue-timeline.service.ts';
import type { HangsRepo } from '../hangs/hangs.repo.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { ShowsService } from '../shows/shows.service.ts';

/** What an alert leaves in the audit log: its kind and, briefly, what it said. */
function alertDetail(alert: Alert): string {
  switch (alert.type) {
    case 'chat':
      return alert.display_code === 0 ? 'chat off' : 'chat on';
    case 'ls':
      return alert.display_code === 1 ? 'light-stick on' : 'light-stick off';
    case 'lightstick':
      return `${alert.action}${alert.song_title ? ` ${alert.song_title}` : ''}`;
    case 'ud':
      return alert.d === -1 ? 'overlay cleared' : alert.msg.slice(0, 200);
    case 'slate':
      return alert.d === -1 ? 'slate cleared' : alert.url.slice(0, 200);
  }
}

/**
 * Host alerts (ALR rows): to the whole show on `show-<slug>`, or with `f` to that one username's
 * `user-<id>` channel. The show-wide chat switch is also stored, so that late joiners, hang_status and
 * the toss check know it (the toss check within a second on every node), and the last show-wide cue of
 * each kind is kept so the control room shows the current state after a reload. The per-fan chat
 * switch is a chat restriction of moderation: the server holds that fan's tosses, across reloads and
 * nodes. Every alert is written to the audit log.
 */
export function createAlertsService(deps: {
  shows: Pick<ShowsService, 'bySlug'>;
  hangs: Pick<HangsRepo, 'userByUsername' | 'setChatEnabled' | 'chatEnabled'>;
  moderation: Pick<ModerationService, 'fanChatSwitch' | 'chatOnForEveryone' | 'audit'>;
  cues: CuesRepo;
  /** Show-wide timed cues are stamped on the show clock and stored (issue 27). */
  timeline: Pick<CueTimelineService, 'momentOf' | 'stamp'>;
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
    async publish(host: UserRow, slug: string, alert: Alert, at?: string): Promise<AlertPublished> {
      const show = await showOf(slug);
      const moment = await deps.timeline.momentOf(slug, alert, at);
      let channel = showChannel(slug);
      if (alert.f !== undefined) {
        const target = await deps.hangs.userByUsername(alert.f);
        if (!target) throw new AppError('USER_NOT_FOUND', 404, `No fan is called ${alert.f}.`);
        channel = userChannel(target.id);
        if (alert.type === 'chat') {
          await deps.moderation.fanChatSwitch(show.row.id, slug, target, host.id, alert.display_code !== 0);
        }
      } else {
        if (alert.type === 'chat') {
          const on = alert.display_code !== 0;
          await deps.hangs.setChatEnabled(show.row.id, on, now());
          if (on) await deps.moderation.chatOnForEveryone(show.row.id, slug);
          deps.onChatSwitch(show.row.id);
        }
        await deps.cues.save(show.row.id, alert, now());
      }
      const cue = moment ? await deps.timeline.stamp(show.row.id, alert, moment, host.id) : null;
      await deps.bus.publish(channel, { kind: 'alert', slug, alert, ...(cue ? { cue } : {}) });
      await deps.moderation.audit(
        show.row.id,
        { id: host.id, username: host.username, role: 'host' },
        `alert.${alert.type}`,
        alert.f ?? null,
        alertDetail(alert),
      );
      return { channel, alert, cue };
    },

    /** GET /thor/host/shows/{slug}/cues */
    async state(slug: string): Promise<CueState> {
      const show = await deps.shows.bySlug(slug);
      if (!show) throw new AppError('VIDEO_NOT_FOUND', 404, 'This show could not be found.');
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
