import {
  CHAT_TIMINGS_MS,
  type ChatRestriction,
  type EnterEventResponse,
  type Hang,
  hangChannel,
  NEW_HANG_SESSION,
  type OutgoingToss,
  showChannel,
  userChannel,
} from '@encore/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtime } from '../../lib/realtime/realtime.ts';
import { useSessionStore } from '../../lib/store/session-store.ts';
import { useAlertStore } from '../alerts/alert-store.ts';
import { featuredHang, JoinHangError, joinHang, leaveHang, postToss } from './api/hang-api.ts';
import { MessageQueue, mergeMessages, removeMessage, updateMessage } from './chat-list.ts';
import { type ChatMessage, fromToss, localEcho } from './chat-message.ts';
import { readHangSession, writeHangSession } from './hang-session.ts';
import { CHANNEL_SETUP_FAILED } from './join-errors.ts';
import { restrictionActive } from './restriction.ts';
import { SendQueue } from './send-queue.ts';
import { UnsentTosses, useOnReconnect } from './unsent-tosses.ts';

export type JoinState =
  | { status: 'joining' }
  | { status: 'joined'; hang: Hang }
  | { status: 'failed'; code: string; httpStatus: number | null };

export type SendResult = 'sent' | 'local-only' | 'blocked';

export interface StickerToSend {
  sticker_id: string;
  display_image: string;
}

/** Statuses after which a stored hang session is stale and a fresh join ('new') is worth a try. */
const STALE_SESSION = new Set([400, 404, 409]);

/**
 * The hang of this show: joins it (session 'new' first, then the persisted hangSession), listens on
 * hang-<pubnubForHang>, merges incoming tosses every 650 ms, sends with local echo, and leaves and
 * unsubscribes when the chat goes away (viewing section 4, CHAT rows).
 */
export function useHangChat(entry: EnterEventResponse, { chatDisabled }: { chatDisabled: boolean }) {
  const user = useSessionStore((s) => s.user);
  const myId = user?.id;
  const [join, setJoin] = useState<JoinState>({ status: 'joining' });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [numberActive, setNumberActive] = useState(0);
  const [lockedUntil, setLockedUntil] = useState(0);
  /** Whose limit the lockout is: the fan's own sending limit, or the room's capacity. */
  const [lockedBy, setLockedBy] = useState<'sender' | 'room'>('room');
  const [sendError, setSendError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Moderation: the fan's own timeout, ban or chat off, and the show's slow mode (server-enforced).
  const [restriction, setRestriction] = useState<ChatRestriction | null>(null);
  const [slowModeSeconds, setSlowModeSeconds] = useState(0);
  const [slowUntil, setSlowUntil] = useState(0);
  const slowRef = useRef(0);
  slowRef.current = slowModeSeconds;
  const sendQueue = useRef<SendQueue<OutgoingToss> | null>(null);
  const unsent = useRef(new UnsentTosses());
  const channelId = entry.show.channel_id;
  const slug = entry.show.slug;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the join after a failure.
  useEffect(() => {
    const controller = new AbortController();
    const incoming = new MessageQueue<ChatMessage>();
    let unsubscribe = () => {};
    let joined: Hang | null = null;
    setJoin({ status: 'joining' });

    const start = async () => {
      const hang = await featuredHang(channelId, controller.signal);
      if (!hang) throw new JoinHangError(404, 'USER_NOT_FOUND');
      const stored = readHangSession();
      try {
        joined = await joinHang(hang.id, stored ?? NEW_HANG_SESSION, controller.signal);
      } catch (error) {
        if (!stored || !(error instanceof JoinHangError) || !STALE_SESSION.has(error.status ?? 0))
          throw error;
        joined = await joinHang(hang.id, NEW_HANG_SESSION, controller.signal);
      }
      if (controller.signal.aborted) return;
      const current = joined;
      writeHangSession(current.session_id);
      useAlertStore.getState().setChatEnabled(current.chat_enabled);
      setRestriction(current.chat_restriction ?? null);
      setSlowModeSeconds(current.slow_mode_seconds ?? 0);
      setMessages(
        mergeMessages(
          [],
          current.tosses.map((t) => fromToss(t, myId)),
        ),
      );
      setNumberActive(current.number_active);
      setJoin({ status: 'joined', hang: current });
      const channel = hangChannel(current.pubnubForHang);
      // The gateway refuses a channel with an error frame naming it: the room cannot be followed.
      const offRefusal = realtime.onFrame((frame) => {
        if (frame.type === 'error' && frame.channel === channel) {
          setJoin({ status: 'failed', code: CHANNEL_SETUP_FAILED, httpStatus: null });
        }
      });
      // Tosses were lost to this tab (the server's bus restarted): the hang's recent tosses again,
      // from the join answer, merged by toss_id so nothing shows twice.
      const resync = () => {
        joinHang(current.id, current.session_id, controller.signal)
          .then((again) => {
            for (const t of again.tosses) incoming.push(fromToss(t, myId));
            setNumberActive(again.number_active);
          })
          .catch(() => undefined);
      };
      const offChannel = realtime.subscribe(
        channel,
        (event) => {
          if (event.kind === 'toss') {
            const message = fromToss(event.toss, myId);
            // Own messages show at once (from another tab of this fan too); others wait for the merge.
            if (message.own) setMessages((list) => mergeMessages(list, [message]));
            else incoming.push(message);
          } else if (event.kind === 'presence' && event.hang_id === current.id) {
            setNumberActive(event.number_active);
          } else if (event.kind === 'toss_deleted') {
            // Deleted for everyone by a moderator: gone from this screen too, shown or still queued.
            incoming.remove(event.toss_id);
            setMessages((list) => removeMessage(list, event.toss_id));
          }
        },
        resync,
      );
      const offModeration = [
        ...(myId === undefined
          ? []
          : [
              realtime.subscribe(userChannel(myId), (event) => {
                if (event.kind === 'chat_restriction' && event.slug === slug)
                  setRestriction(event.restriction);
              }),
            ]),
        realtime.subscribe(showChannel(slug), (event) => {
          if (event.kind === 'chat_policy' && event.slug === slug)
            setSlowModeSeconds(event.slow_mode_seconds);
        }),
      ];
      unsubscribe = () => {
        offRefusal();
        offChannel();
        for (const off of offModeration) off();
      };
    };

    start().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      const httpStatus = error instanceof JoinHangError ? error.status : null;
      const code = error instanceof JoinHangError ? error.code : 'UNKNOWN_ERROR';
      setJoin({ status: 'failed', code, httpStatus });
    });

    const flush = setInterval(() => {
      if (incoming.size > 0) {
        const batch = incoming.drain();
        setMessages((list) => mergeMessages(list, batch));
      }
    }, CHAT_TIMINGS_MS.queueFlush);

    sendQueue.current = new SendQueue<OutgoingToss>(async (toss) => {
      const session = joined?.session_id;
      if (!session) return;
      const outcome = await postToss(session, toss);
      if (!outcome.ok) {
        unsent.current.keep(toss, outcome.offline);
        const { slowMode, offline } = outcome;
        setMessages((list) => updateMessage(list, toss.uuid, { failed: true, slowMode, offline }));
        if (outcome.overCapacity) {
          setLockedBy(outcome.ownLimit ? 'sender' : 'room');
          setLockedUntil(Date.now() + CHAT_TIMINGS_MS.overCapacityLockout);
        } else if (slowMode) setSlowUntil(Date.now() + Math.max(1, slowRef.current) * 1000);
        // Offline, the row itself says the line waits for the connection.
        else if (!offline) setSendError(true);
        return;
      }
      const { toss: stamped, delivered, reason, restriction: held } = outcome.response;
      if (held) setRestriction(held);
      setMessages((list) =>
        updateMessage(list, toss.uuid, {
          send_time: stamped.send_time,
          sender: stamped.sender,
          ...(delivered ? {} : { localOnly: reason ?? 'profanity' }),
        }),
      );
    });

    return () => {
      controller.abort();
      clearInterval(flush);
      sendQueue.current?.close();
      sendQueue.current = null;
      // Releasing the channel ends the subscription of this chat (CHAT-22).
      unsubscribe();
      if (joined?.session_id) {
        void leaveHang(joined.id, joined.session_id).catch(() => undefined);
        writeHangSession(null);
      }
    };
  }, [channelId, myId, attempt, slug]);

  const send = useCallback(
    (text: string, sticker?: StickerToSend): SendResult => {
      const hang = join.status === 'joined' ? join.hang : null;
      const trimmed = text.trim();
      const now = Date.now();
      if (!hang || !user || chatDisabled || now < lockedUntil || now < slowUntil) return 'blocked';
      if (restrictionActive(restriction, now)) return 'blocked';
      // CHAT-39: text, or a sticker.
      if (!sticker && trimmed === '') return 'blocked';
      setSendError(false);
      const tossId = crypto.randomUUID();
      const echo = localEcho(user, { tossId, hangId: hang.id, text: trimmed, sticker }, new Date());
      // CHAT-42: with chat off by the host, the fan still sees what they wrote; nothing is sent.
      if (!useAlertStore.getState().chatEnabled) {
        setMessages((list) => mergeMessages(list, [{ ...echo, localOnly: 'chat_disabled' }]));
        return 'local-only';
      }
      setMessages((list) => mergeMessages(list, [echo]));
      if (slowModeSeconds > 0) setSlowUntil(now + slowModeSeconds * 1000);
      sendQueue.current?.push({
        hangId: hang.id,
        tossType: sticker ? 'sticker' : 'chat',
        tossText: trimmed,
        paidEvent: entry.ticket.paid_event_name,
        uuid: tossId,
        ...(sticker ? { tossData: { sticker_id: sticker.sticker_id } } : {}),
      });
      return 'sent';
    },
    [
      join,
      user,
      chatDisabled,
      lockedUntil,
      slowUntil,
      restriction,
      slowModeSeconds,
      entry.ticket.paid_event_name,
    ],
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** Sends a failed line again (the fan's tap, or the connection back): same uuid, same text. */
  const resend = useCallback((tossId: string) => {
    const queue = sendQueue.current;
    const toss = queue && unsent.current.take(tossId);
    if (!queue || !toss) return;
    setSendError(false);
    setMessages((list) => updateMessage(list, tossId, { failed: false, slowMode: false, offline: false }));
    queue.push(toss);
  }, []);
  useOnReconnect(() => {
    for (const tossId of unsent.current.offline()) resend(tossId);
  });

  /** Marks a message the fan reported, so its row says so. */
  const markReported = useCallback(
    (tossId: string) => setMessages((list) => updateMessage(list, tossId, { reported: true })),
    [],
  );

  return {
    join,
    messages,
    numberActive,
    lockedUntil,
    lockedBy,
    sendError,
    send,
    retry,
    restriction,
    slowModeSeconds,
    slowUntil,
    markReported,
    resend,
  };
}
