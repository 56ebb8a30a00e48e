import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** A hang with its show's slug (the show is looked up by slug in the shows catalogue). */
export type HangRow = Selectable<Database['hangs']> & { slug: string };
export type HangSessionRow = Selectable<Database['hang_sessions']>;

export type NewToss = {
  id: string;
  hangId: number;
  userId: number;
  tossType: 'chat' | 'sticker';
  tossText: string;
  stickerId: string | null;
  stickerImage: string | null;
  sendTime: Date;
  heldReason: 'profanity' | 'chat_disabled' | 'blocked_term' | 'restricted' | null;
};

export type StoredToss = {
  id: string;
  hang_id: number;
  user_id: number;
  username: string;
  toss_type: 'chat' | 'sticker';
  toss_text: string;
  sticker_id: string | null;
  sticker_image: string | null;
  send_time: Date;
};

/** The columns of a StoredToss, from tosses joined with users (the sender's name). */
export const STORED_TOSS_COLUMNS = [
  'tosses.id',
  'tosses.hang_id',
  'tosses.user_id',
  'users.username',
  'tosses.toss_type',
  'tosses.toss_text',
  'tosses.sticker_id',
  'tosses.sticker_image',
  'tosses.send_time',
] as const;

/** The SQL of hangs, hang sessions, tosses, the host's chat switch and monikers. */
export function createHangsRepo(db: Db) {
  const hangs = () =>
    db
      .selectFrom('hangs')
      .innerJoin('shows', 'shows.id', 'hangs.show_id')
      .selectAll('hangs')
      .select('shows.slug');
  return {
    async hangsOfShow(showId: number): Promise<HangRow[]> {
      return hangs().where('hangs.show_id', '=', showId).orderBy('hangs.rank').execute();
    },

    async hangById(id: number): Promise<HangRow | undefined> {
      return hangs().where('hangs.id', '=', id).executeTakeFirst();
    },

    async hangBySuffix(suffix: string): Promise<HangRow | undefined> {
      return hangs().where('hangs.suffix', '=', suffix).executeTakeFirst();
    },

    /** Creates the show's hang of that rank unless another node just did; answers it either way. */
    async ensureHang(h: { showId: number; rank: number; suffix: string; name: string }): Promise<HangRow> {
      await db
        .insertInto('hangs')
        .values({ show_id: h.showId, rank: h.rank, suffix: h.suffix, name: h.name })
        .onConflict((oc) => oc.columns(['show_id', 'rank']).doNothing())
        .execute();
      return hangs()
        .where('hangs.show_id', '=', h.showId)
        .where('hangs.rank', '=', h.rank)
        .executeTakeFirstOrThrow();
    },

    async session(id: string): Promise<HangSessionRow | undefined> {
      return db.selectFrom('hang_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async openSession(s: { id: string; hangId: number; userId: number; at: Date }): Promise<void> {
      await db
        .insertInto('hang_sessions')
        .values({ id: s.id, hang_id: s.hangId, user_id: s.userId, created_at: s.at })
        .execute();
    },

    async endSession(id: string, at: Date): Promise<void> {
      await db
        .updateTable('hang_sessions')
        .set({ left_at: at })
        .where('id', '=', id)
        .where('left_at', 'is', null)
        .execute();
    },

    /** One insert for a whole batch; a retried toss (same toss_id) is stored once. */
    async insertTosses(tosses: readonly NewToss[]): Promise<void> {
      if (tosses.length === 0) return;
      await db
        .insertInto('tosses')
        .values(
          tosses.map((t) => ({
            id: t.id,
            hang_id: t.hangId,
            user_id: t.userId,
            toss_type: t.tossType,
            toss_text: t.tossText,
            sticker_id: t.stickerId,
            sticker_image: t.stickerImage,
            send_time: t.sendTime,
            held_reason: t.heldReason,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /** The hang's latest delivered tosses, newest first; deleted ones (moderation) are gone from it. */
    async recentTosses(hangId: number, limit: number): Promise<StoredToss[]> {
      return db
        .selectFrom('tosses')
        .innerJoin('users', 'users.id', 'tosses.user_id')
        .select(STORED_TOSS_COLUMNS)
        .where('tosses.hang_id', '=', hangId)
        .where('tosses.held_reason', 'is', null)
        .where('tosses.deleted_at', 'is', null)
        .orderBy('tosses.send_time', 'desc')
        .limit(limit)
        .execute();
    },

    async chatEnabled(showId: number): Promise<boolean> {
      const row = await db
        .selectFrom('show_chat_settings')
        .select('chat_enabled')
        .where('show_id', '=', showId)
        .executeTakeFirst();
      return row?.chat_enabled ?? true;
    },

    async setChatEnabled(showId: number, enabled: boolean, at: Date): Promise<void> {
      await db
        .insertInto('show_chat_settings')
        .values({ show_id: showId, chat_enabled: enabled, updated_at: at })
        .onConflict((oc) => oc.column('show_id').doUpdateSet({ chat_enabled: enabled, updated_at: at }))
        .execute();
    },

    /** Monikers per user, in position order. */
    async monikersOf(userIds: readonly number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return out;
      const rows = await db
        .selectFrom('user_monikers')
        .select(['user_id', 'moniker'])
        .where('user_id', 'in', [...userIds])
        .orderBy('user_id')
        .orderBy('position')
        .execute();
      for (const r of rows) out.get(r.user_id)?.push(r.moniker);
      return out;
    },

    async allMonikers(): Promise<string[]> {
      const rows = await db
        .selectFrom('user_monikers')
        .select('moniker')
        .distinct()
        .orderBy('moniker')
        .execute();
      return rows.map((r) => r.moniker);
    },

    async userByUsername(username: string): Promise<{ id: number; username: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
    },
  };
}

export type HangsRepo = ReturnType<typeof createHangsRepo>;
