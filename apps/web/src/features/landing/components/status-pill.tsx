import type { ShowStatusValue } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';

const LABELS: Record<Exclude<ShowStatusValue, 'ended'>, MessageKey> = {
  upcoming: 'show-status-upcoming',
  open: 'show-status-open',
  live: 'show-status-live',
};

export function StatusPill({ status }: { status: ShowStatusValue }) {
  const { t } = useTranslation();
  if (status === 'ended') return null;
  return (
    <span className={`status-pill status-pill--${status}`} data-testid="show-status" data-status={status}>
      {status !== 'upcoming' && <span className="live-dot" aria-hidden="true" />}
      {t(LABELS[status])}
    </span>
  );
}
