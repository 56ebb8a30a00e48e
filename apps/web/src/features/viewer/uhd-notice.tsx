import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal.tsx';

/** The 4K streaming notice modal (MV-25): title, message, 'Okay, Got It'. */
export function UhdNoticeModal({ onOkay }: { onOkay: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      onClose={onOkay}
      title={t('viewer-uhd-notice-title')}
      submitLabel={t('viewer-uhd-notice-ok')}
      onSubmit={onOkay}
      size="sm"
      testId="uhd-notice-modal"
    >
      <p>{t('viewer-uhd-notice-body')}</p>
    </Modal>
  );
}

/** The inline 4K notice with its dismiss button (MV-26): phones and tablets get it instead of the modal. */
export function UhdNoticeInline({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="uhd-inline" role="note" data-testid="uhd-notice-inline">
      <span className="uhd-inline__badge">4K</span>
      <p>{t('viewer-uhd-notice-body')}</p>
      <button
        type="button"
        className="uhd-inline__dismiss"
        onClick={onDismiss}
        data-testid="uhd-notice-dismiss"
      >
        {t('viewer-dismiss')}
      </button>
    </div>
  );
}
