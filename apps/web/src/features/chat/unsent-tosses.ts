import type { OutgoingToss } from '@encore/contract';
import { useEffect, useRef } from 'react';
import { realtime } from '../../lib/realtime/realtime.ts';

/**
 * Chat lines whose send failed, kept so that none is silently lost (issue 26): the fan can tap to send
 * one again, and those that failed for want of a connection go again by themselves when it is back
 * (the browser's 'online', or the realtime socket open again). The toss keeps its uuid, so the server
 * takes a line that did arrive once only.
 */
export class UnsentTosses {
  private readonly tosses = new Map<string, { toss: OutgoingToss; offline: boolean }>();

  keep(toss: OutgoingToss, offline: boolean): void {
    this.tosses.set(toss.uuid, { toss, offline });
  }

  /** Removes and returns the line, to send it again. */
  take(uuid: string): OutgoingToss | undefined {
    const kept = this.tosses.get(uuid);
    this.tosses.delete(uuid);
    return kept?.toss;
  }

  /** The uuids of the lines that failed offline, oldest first. */
  offline(): string[] {
    return [...this.tosses].filter(([, kept]) => kept.offline).map(([uuid]) => uuid);
  }
}

/** Calls `resendOffline` whenever the connection comes back: the browser online, the socket open again. */
export function useOnReconnect(resendOffline: () => void): void {
  const latest = useRef(resendOffline);
  latest.current = resendOffline;
  useEffect(() => {
    const fire = () => latest.current();
    let wasOpen = realtime.getStatus() === 'open';
    const offStatus = realtime.onStatus((status) => {
      const open = status === 'open';
      if (open && !wasOpen) fire();
      wasOpen = open;
    });
    window.addEventListener('online', fire);
    return () => {
      offStatus();
      window.removeEventListener('online', fire);
    };
  }, []);
}
