import type { ChatRestriction } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../lib/store/ui-store.ts';
import { dualTime } from '../../lib/time/show-time.ts';
import { useNowUntil } from '../../lib/time/use-now.ts';
import { restrictionActive, restrictionEndsAt } from './restriction.ts';

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
  const locale = useUiStore((s) => s.locale);
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
            ? // When it ends: the fan's clock with its zone, KST beside it (issues 25, 26).
              t('chat-timed-out', { time: dualTime(restriction.until, locale) })
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
