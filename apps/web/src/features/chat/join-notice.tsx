import { useTranslation } from 'react-i18next';
import { joinNoticeKey } from './join-errors.ts';

export function JoinNotice({ code, onRetry }: { code: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat-join-notice" role="alert" data-testid="chat-join-failed" data-code={code}>
      <p>{t(joinNoticeKey(code))}</p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
        {t('chat-join-retry')}
      </button>
    </div>
  );
}
