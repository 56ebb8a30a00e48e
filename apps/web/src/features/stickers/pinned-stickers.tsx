import { CHAT_TIMINGS_MS, httpsImage, type Toss } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './stickers.css';
import { emptyPinQueue, enqueuePin, type PinQueueState, pinTick } from './pin-queue.ts';

type Pinned = Pick<Toss, 'toss_id' | 'toss_data' | 'sender'>;

/**
 * Stickers arriving in the room are pinned above the list, two at a time, on a 3 s tick (STK-32..35).
 * Only mounted on non-mobile devices (STK-36). Stickers already in the list when it mounts are history
 * and are not pinned.
 */
export function PinnedStickers({ messages }: { messages: readonly Pinned[] }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PinQueueState<Pinned>>(emptyPinQueue);
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    const known = seen.current;
    if (!known) {
      seen.current = new Set(messages.map((m) => m.toss_id));
      return;
    }
    const fresh = messages.filter((m) => !known.has(m.toss_id));
    for (const m of fresh) known.add(m.toss_id);
    const stickers = fresh.filter((m) => m.toss_data?.display_image);
    if (stickers.length) setState((s) => stickers.reduce((acc, m) => enqueuePin(acc, m), s));
  }, [messages]);

  useEffect(() => {
    const timer = setInterval(() => setState((s) => pinTick(s)), CHAT_TIMINGS_MS.pinTick);
    return () => clearInterval(timer);
  }, []);

  if (state.pinned.length === 0) return null;
  return (
    <ul className="pinned-stickers" data-testid="pinned-stickers" aria-label={t('sticker-pinned')}>
      {state.pinned.map((m) => (
        <li key={m.toss_id} className="pinned-stickers__item" data-testid="pinned-sticker">
          <img src={httpsImage(m.toss_data?.display_image) ?? ''} alt="" width={56} height={56} />
          <span className="pinned-stickers__name">{m.sender.username}</span>
        </li>
      ))}
    </ul>
  );
}
