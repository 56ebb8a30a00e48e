import type { Toss, TossHeldReason, User } from '@encore/contract';

/** A toss as the list shows it. */
export interface ChatMessage extends Toss {
  own: boolean;
  /** Shown to the sender only: a banned word, or sent while the host had chat off (CHAT-41, CHAT-42). */
  localOnly?: TossHeldReason;
  /** The send failed ('chat send error' or OVER_CAPACITY). */
  failed?: boolean;
  /** Refused by slow mode (429 SLOW_MODE): not sent. */
  slowMode?: boolean;
  /** Failed for want of a connection (issue 26): kept, and sent again when the connection is back. */
  offline?: boolean;
  /** The fan reported it to the moderators. */
  reported?: boolean;
}

export function fromToss(toss: Toss, myId: number | undefined): ChatMessage {
  return { ...toss, own: myId !== undefined && toss.sender.id === myId };
}

/** The local echo of what the fan just sent: shown at once, before the server answers (CHAT-43). */
export function localEcho(
  user: Pick<User, 'id' | 'username' | 'profile_image_75x75' | 'profile_image_150x150'>,
  input: {
    tossId: string;
    hangId: number;
    text: string;
    sticker?: { sticker_id: string; display_image: string };
  },
  now: Date,
): ChatMessage {
  return {
    toss_id: input.tossId,
    hang_id: input.hangId,
    toss_type: input.sticker ? 'sticker' : 'chat',
    toss_text: input.text,
    toss_data: input.sticker ?? null,
    send_time: now.toISOString(),
    sender: {
      id: user.id,
      username: user.username,
      profile_image_75x75: user.profile_image_75x75,
      profile_image_150x150: user.profile_image_150x150,
      chat_monikers: [],
    },
    own: true,
  };
}
