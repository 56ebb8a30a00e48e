import { type EnterEventResponse, userChannel } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { realtime } from '../../../lib/realtime/realtime.ts';
import type { ChannelHandler } from '../../../lib/realtime/realtime-client.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';

interface Handlers {
  /** A newer device took this session's place (DEV-02). */
  onReplaced: () => void;
  /** The session timed out (DEV-05). */
  onExpired: () => void;
  /** The ticket was taken away (revoked, refunded): the server ended this show's subscriptions. */
  onTicketRevoked: () => void;
  /** The login itself was ended (logout elsewhere, password reset, ban): the socket will not reconnect. */
  onRevoked: () => void;
}

/**
 * The device session on the realtime connection: authenticates with the session id, listens on the
 * user's channel for device events and to the session's expiry. DEV-03: chat is off while several
 * devices are connected, and back once only this one is (issue 25: a second tab closed, or a crashed
 * device's slot freed by its heartbeat, no longer leaves chat off until a reload; docs/decisions.md).
 */
export function useDeviceSession(entry: EnterEventResponse, handlers: Handlers) {
  const [devices, setDevices] = useState(entry.devices);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    setDevices(entry.devices);

    const token = useSessionStore.getState().authToken;
    if (!token) return;
    const { session_id: sessionId } = entry;
    const paidEvent = entry.ticket.paid_event_name;

    const onEvent: ChannelHandler = (event) => {
      if (event.kind === 'device_logout') {
        if (event.session_id === sessionId) handlersRef.current.onReplaced();
      } else if (event.kind === 'devices' && event.paid_event_name === paidEvent) {
        setDevices(event.count);
      }
    };

    let channel: string | null = null;
    let unsubscribe = () => {};
    const listenTo = (userId: number) => {
      if (channel === userChannel(userId)) return;
      unsubscribe();
      channel = userChannel(userId);
      unsubscribe = realtime.subscribe(channel, onEvent);
    };
    const storedUserId = useSessionStore.getState().user?.id;
    if (storedUserId !== undefined) listenTo(storedUserId);

    const offFrames = realtime.onFrame((frame) => {
      if (frame.type === 'ready') {
        listenTo(frame.user_id);
        if (!frame.session_valid) handlersRef.current.onExpired();
      } else if (frame.type === 'session_expired' && frame.session_id === sessionId) {
        handlersRef.current.onExpired();
      } else if (frame.type === 'unsubscribed' && frame.slug === entry.show.slug) {
        handlersRef.current.onTicketRevoked();
      }
    });
    const offRevoked = realtime.onRevoked(() => handlersRef.current.onRevoked());
    realtime.connect({ token, sessionId });

    return () => {
      offRevoked();
      offFrames();
      unsubscribe();
      realtime.disconnect();
    };
  }, [entry]);

  return { devices, chatDisabled: devices > 1 };
}
