import type { ChatRestriction } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useNowUntil } from '../../lib/time/use-now.ts';
import { restrictionActive, restrictionEndsAt } from './restriction.ts';

const kstFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Seoul',
});
const ownFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * When a timeout ends: the fan's own clock with its zone named, KST beside it like the site's other
 * times (issue 25: it was KST without saying so). In Korea's own zone, KST alone.
 */
export function untilText(iso: string): string {
  const d = new Date(iso);
  const kst = `${kstFormat.format(d)} KST`;
  const inKorea = Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Seoul';
  return inKorea ? kst : `${ownFormat.format(d)} (${kst})`;
}

/**
 * What moderation does to this fan's chat, said plainly: a timeout with its end, a ban, the host's
 * chat off for them, and slow mode for everyone. The server enforces all of them; this only explains.
 */
export function RestrictionBanner({
  restriction,
  slowModeSeconds,
}: {
  restriction: ChatRestriction | null;
  slowModeSeconds: number;
}) {
  const { t } = useTranslation();
  const now = useNowUntil(restrictionEndsAt(restriction), 1000);
  const active = restrictionActive(restriction, now);
  return (
    <>
      {active && restriction && (
        <p
          className="chat-banner chat-banner--warn"
          role="status"
          data-testid="chat-restricted"
          data-kind={restriction.kind}
        >
          {restriction.kind === 'timeout' && restriction.until
            ? t('chat-timed-out', { time: untilText(restriction.until) })
            : restriction.kind === 'ban'
              ? t('chat-banned')
              : t('chat-off-for-you')}
        </p>
      )}
      {slowModeSeconds > 0 && (
        <p className="chat-banner" role="status" data-testid="chat-slow-mode">
          {t('chat-slow-mode', { seconds: slowModeSeconds })}
        </p>
      )}
    </>
  );
}
