import type { BroadcastStatus } from '@encore/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beep, unlockSound } from './alert-sound.ts';
import { type AngleMemory, type FeedAlert, feedAlerts } from './feed-alerts.ts';

export type ShownAlert = FeedAlert & { name: string; at: number; id: number };

let nextId = 1;

const supportsNotifications = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * Watches the angles' health between readings and alerts the host: always in the page (the status
 * bar's latest alert), and, once the host turned alerts on with a click, with a sound and a browser
 * notification (asked for on that click, never on load).
 */
export function useFeedAlerts(status: BroadcastStatus | null | undefined, nameOf: (s: string) => string) {
  const { t } = useTranslation();
  const memory = useRef(new Map<string, AngleMemory>());
  const [latest, setLatest] = useState<ShownAlert[]>([]);
  const [on, setOn] = useState(false);
  const [played, setPlayed] = useState(0);
  const [notified, setNotified] = useState(0);
  const onRef = useRef(on);
  onRef.current = on;

  useEffect(() => {
    if (!status) return;
    const alerts = feedAlerts(memory.current, status.angles);
    if (alerts.length === 0) return;
    const at = Date.now();
    const shown = alerts.map((a) => ({ ...a, name: nameOf(a.stream), at, id: nextId++ }));
    setLatest((old) => [...shown, ...old].slice(0, 10));
    if (!onRef.current) return;
    const problem = alerts.some((a) => a.kind !== 'back');
    if (beep(problem ? 'problem' : 'back')) setPlayed((n) => n + 1);
    if (supportsNotifications() && Notification.permission === 'granted') {
      for (const a of shown) {
        new Notification(t(`feed-alert-${a.kind}`, { name: a.name }), {
          body: t(`feed-alert-${a.kind}-body`),
          tag: `feed-${a.stream}`,
        });
      }
      setNotified((n) => n + shown.length);
    }
  }, [status, nameOf, t]);

  /** The host's click: sound, and the notification permission (a refusal keeps the sound). */
  const turnOn = useCallback(async () => {
    await unlockSound();
    if (supportsNotifications() && Notification.permission === 'default') {
      await Notification.requestPermission().catch(() => 'denied');
    }
    setOn(true);
    beep('back');
  }, []);

  const notifications = supportsNotifications() ? Notification.permission : 'unsupported';
  return { latest, on, turnOn, turnOff: () => setOn(false), played, notified, notifications };
}
