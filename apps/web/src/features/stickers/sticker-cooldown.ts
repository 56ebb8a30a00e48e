import { CHAT_TIMINGS_MS } from '@encore/contract';

/**
 * After a sticker is sent, SEND is locked for 20 s (viewing sections 4 and 5, STK-26, STK-27). The
 * send time is persisted as stickerSentAt (STK-28) so a reload does not reset the countdown. The
 * spec's circle default (30 s at 6 degrees a second) contradicts the 20 s cooldown (STK-31); the
 * circle runs exactly the cooldown (DESIGN.md section 10).
 */
export const STICKER_SENT_AT_KEY = 'stickerSentAt';

export function cooldownRemainingMs(
  sentAt: number | null,
  now: number,
  cooldownMs = CHAT_TIMINGS_MS.stickerCooldown,
): number {
  if (sentAt === null || !Number.isFinite(sentAt)) return 0;
  const left = sentAt + cooldownMs - now;
  // A clock set back after sending must not lock SEND for longer than one cooldown.
  return Math.min(cooldownMs, Math.max(0, left));
}

/** Whole seconds shown in the circle: 20 right after sending, 1 in the last second. */
export function cooldownSeconds(remainingMs: number): number {
  return Math.ceil(remainingMs / 1000);
}

/** Share of the circle still drawn, 1 right after sending and 0 when SEND unlocks. */
export function cooldownFraction(remainingMs: number, cooldownMs = CHAT_TIMINGS_MS.stickerCooldown): number {
  return Math.min(1, Math.max(0, remainingMs / cooldownMs));
}

export function readStickerSentAt(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): number | null {
  const raw = storage?.getItem(STICKER_SENT_AT_KEY);
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeStickerSentAt(
  at: number,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(STICKER_SENT_AT_KEY, String(at));
  } catch {
    // Storage full or blocked (private mode): the cooldown still holds for this page.
  }
}
