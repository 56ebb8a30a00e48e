import type { Hang, Toss, TossSender } from '@encore/contract';
import type { CatalogEntry } from '../shows/shows.service.ts';
import type { HangRow, StoredToss } from './hangs.repo.ts';

export function presentSender(t: Pick<StoredToss, 'user_id' | 'username'>, monikers: string[]): TossSender {
  return {
    id: t.user_id,
    username: t.username,
    profile_image_75x75: null,
    profile_image_150x150: null,
    chat_monikers: monikers,
  };
}

export function presentToss(t: StoredToss, monikers: string[]): Toss {
  return {
    toss_id: t.id,
    hang_id: t.hang_id,
    toss_type: t.toss_type,
    toss_text: t.toss_text,
    toss_data:
      t.toss_type === 'sticker' && t.sticker_id
        ? { sticker_id: t.sticker_id, display_image: t.sticker_image ?? '' }
        : null,
    send_time: t.send_time.toISOString(),
    sender: presentSender(t, monikers),
  };
}

export function presentHang(p: {
  hang: HangRow;
  show: CatalogEntry;
  numberActive: number;
  sessionId: string;
  serverName: string;
  at: Date;
  tosses: Toss[];
  chatEnabled: boolean;
  pollMs: number;
}): Hang {
  const { hang, show } = p;
  return {
    id: hang.id,
    name: hang.name,
    description: hang.description,
    category: hang.category,
    permissions: { chat: p.chatEnabled, sticker: p.chatEnabled, wall_reaction: true },
    image: hang.image,
    rank: hang.rank,
    channel_id: show.row.channel_id,
    paid_event_name: show.row.paid_event_name,
    slug: show.row.slug,
    player_sync_content_id: show.show.base_video,
    toss_list: ['chat', 'sticker'],
    pubnubForHang: hang.suffix,
    polling_interval: p.pollMs,
    number_active: p.numberActive,
    session_id: p.sessionId,
    current_server_name: p.serverName,
    current_server_time: p.at.toISOString(),
    tosses: p.tosses,
    chat_enabled: p.chatEnabled,
  };
}
