import type { Show } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useSkewStore } from '../../../lib/store/skew-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { entryOpensAt, isEntryOpen } from '../../../lib/time/entry-time.ts';
import { dualTime } from '../../../lib/time/show-time.ts';

/**
 * A proven ticket (TIX-26's 4 s message) and the way in (issue 26: success ended without one): Enter
 * show once the fan's entry is open, else when it opens, as the landing says it.
 */
export function TicketSuccess({
  show,
  message,
  onClose,
}: {
  show: Show;
  message: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const skew = useSkewStore((s) => s.skew);
  const locale = useUiStore((s) => s.locale);
  const now = Date.now();
  const open = isEntryOpen(show, skew, now);
  const opensAt = entryOpensAt(show, skew, now);
  const enter = () => {
    onClose();
    navigate(`/event/${encodeURIComponent(show.slug)}`);
  };
  return (
    <div className="ticket-success" role="status" data-testid="ticket-validate-success">
      <span className="ticket-success__icon">
        <LineIcon size={30} strokeWidth={2.4}>
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </LineIcon>
      </span>
      <p className="ticket-success__text">{message}</p>
      <p className="ticket-success__show">{show.event_name}</p>
      <Button
        size="lg"
        block
        disabled={!open}
        onClick={enter}
        data-autofocus
        data-enabled={open}
        data-testid="ticket-success-enter"
      >
        {t('ticket-enter')}
      </Button>
      {!open && now < opensAt && (
        <p className="ticket-success__hint" data-testid="ticket-success-enter-hint">
          {t('ticket-enter-at', { time: dualTime(opensAt, locale) })}
        </p>
      )}
    </div>
  );
}
