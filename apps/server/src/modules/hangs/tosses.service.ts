import {
  cleanDisplayText,
  foldText,
  hangChannel,
  OVER_CAPACITY,
  type Toss,
  type TossBody,
  type TossResponse,
} from '@encore/contract';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createBatcher } from '../../platform/batcher.ts';
import { hasBannedChatWord } from '../../platform/profanity.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import type { Bus, BusLogger } from '../../realtime/bus.ts';
import type { ChatGate } from '../moderation/chat-gate.ts';
import type { HangsRepo, NewToss } from './hangs.repo.ts';
import type { HangsService } from './hangs.service.ts';

/** What the toss path needs of the sticker shop: the sticker, if the fan owns it. */
export type StickerOwnership = {
  ownedSticker(userId: number, stickerId: string): Promise<{ display_image: string } | null>;
};

export type TossBudgets = {
  /** Tosses one fan may send per 10 seconds, on every node together (Redis) or on this one. */
  perUser: number;
  /** Tosses one hang accepts per second. */
  perHang: number;
};

/**
 * The spec's OVER_CAPACITY (the client pauses sending for 20 s), saying whose capacity: the fan's own
 * sending limit, or the room's (issue 26: the fan's own limit was blamed on a busy room).
 */
const overCapacity = (capacity: 'sender' | 'room' = 'room') =>
  capacity === 'sender'
    ? new AppError(
        OVER_CAPACITY,
        500,
        'You are sending messages too quickly. Please wait before sending again.',
        {
          capacity,
        },
      )
    : new AppError(
        OVER_CAPACITY,
        500,
        'The chat is over capacity. Please wait a moment before sending again.',
        {
          capacity,
        },
      );

/**
 * POST /thor/hangs/{hangId}/{sessionId}/toss/: validate, budget, filter, stamp, persist (one insert
 * per batch of concurrent tosses), then publish delivered ones on the hang's channel.
 */
export function createTossesService(deps: {
  hangs: HangsService;
  repo: HangsRepo;
  stickers: StickerOwnership;
  /** Restrictions, slow mode and show-level blocked terms (moderation). */
  gate: Pick<ChatGate, 'check'>;
  limiter: LimiterFactory;
  budgets: TossBudgets;
  bus: Bus;
  log: BusLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const userBudget = deps.limiter('toss-user', { points: deps.budgets.perUser, durationSec: 10 });
  const hangBudget = deps.limiter('toss-hang', { points: deps.budgets.perHang, durationSec: 1 });
  const writer = createBatcher<NewToss, void>({
    name: 'toss-writes',
    maxBatch: 1000,
    run: async (items) => {
      await deps.repo.insertTosses(items);
      return items.map(() => undefined);
    },
  });

  async function spend(userId: number, hangId: number): Promise<void> {
    const refused = (capacity: 'sender' | 'room') => (err: unknown) => {
      if (err instanceof AppError && err.status === 429) throw overCapacity(capacity);
      throw err;
    };
    await userBudget.consume(String(userId)).catch(refused('sender'));
    await hangBudget.consume(String(hangId)).catch(refused('room'));
  }

  return {
    async toss(
      user: UserRow,
      params: { hangId: number; sessionId: string },
      body: TossBody,
      locale?: string,
    ): Promise<TossResponse> {
      if (body.hang_id !== params.hangId) {
        throw new AppError('BAD_REQUEST', 400, 'hang_id: does not match the path.', { field: 'hang_id' });
      }
      const ctx = await deps.hangs.hangById(params.hangId);
      if (!ctx) throw new AppError('HANG_NOT_EXISTS', 404, 'This chat room does not exist.');
      if (body.paid_event_name !== ctx.show.row.paid_event_name) {
        throw new AppError('BAD_REQUEST', 400, 'paid_event_name: not the show of this chat room.', {
          field: 'paid_event_name',
        });
      }
      const session = await deps.hangs.activeSession(user, params.sessionId, ctx.hang.id);
      if (!session) throw new AppError('NOT_ALLOWED', 412, 'Join the chat room before sending.');
      // The bus cannot deliver (Redis unreachable): the spec's OVER_CAPACITY at once, which pauses the
      // fan's chat for 20 s, rather than a stored toss nobody receives and a 500 after seconds.
      if (!deps.bus.available()) throw overCapacity();
      await spend(user.id, ctx.hang.id);

      let stickerImage: string | null = null;
      if (body.toss_type === 'sticker') {
        const stickerId = body.toss_data?.sticker_id ?? '';
        const sticker = await deps.stickers.ownedSticker(user.id, stickerId);
        if (!sticker) throw new AppError('STICKER_NOT_OWNED', 403, 'You do not own this sticker.');
        stickerImage = sticker.display_image;
      }
      // Stored without the characters that hide or reorder text; filtered in its folded form (NFKC,
      // no invisible characters), so that "ｆｕｃｋ" or a word split by a zero-width joiner is caught.
      const text = body.toss_type === 'sticker' ? body.toss_text : cleanDisplayText(body.toss_text);
      // A restricted fan's toss is held before anything else; slow mode throws 429 SLOW_MODE.
      const verdict = await deps.gate.check(ctx.show.row.id, user.id, text);
      const held: NewToss['heldReason'] =
        verdict.held ??
        (hasBannedChatWord(foldText(text), locale)
          ? 'profanity'
          : (await deps.hangs.chatEnabled(ctx.show.row.id))
            ? null
            : 'chat_disabled');
      const sendTime = now();
      const sender = await deps.hangs.sender(user);
      const toss: Toss = {
        toss_id: body.toss_id,
        hang_id: ctx.hang.id,
        toss_type: body.toss_type,
        toss_text: text,
        toss_data:
          stickerImage === null
            ? null
            : { sticker_id: body.toss_data?.sticker_id ?? '', display_image: stickerImage },
        send_time: sendTime.toISOString(),
        sender,
      };
      await writer.submit({
        id: body.toss_id,
        hangId: ctx.hang.id,
        userId: user.id,
        tossType: body.toss_type,
        tossText: text,
        stickerId: toss.toss_data?.sticker_id ?? null,
        stickerImage,
        sendTime,
        heldReason: held,
      });
      // The sender sees a blocked term as a banned word, and a restriction as chat off (viewing section 4).
      if (verdict.held === 'restricted') {
        return { toss, delivered: false, reason: 'chat_disabled', restriction: verdict.restriction };
      }
      if (held) return { toss, delivered: false, reason: held === 'chat_disabled' ? held : 'profanity' };
      // After the write: a toss on the channel is one a later join_hang also returns.
      await deps.bus.publish(hangChannel(ctx.hang.suffix), { kind: 'toss', toss });
      return { toss, delivered: true };
    },
  };
}

export type TossesService = ReturnType<typeof createTossesService>;
