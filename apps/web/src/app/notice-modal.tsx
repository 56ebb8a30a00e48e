import { IOS_MIN_VERSION, LIMITS } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/ui/modal.tsx';
import type { MessageKey } from '../lib/i18n/locales/en.ts';
import { type NoticeKind, useNoticeStore } from '../lib/store/notice-store.ts';

const TEXTS: Record<NoticeKind, { title: MessageKey; body: MessageKey }> = {
  'too-many-devices': { title: 'notice-too-many-devices-title', body: 'notice-too-many-devices' },
  maintenance: { title: 'notice-maintenance-title', body: 'notice-maintenance' },
  'ios-update': { title: 'notice-ios-update-title', body: 'notice-ios-update' },
};

/** The device, maintenance and iOS notices (DEV-04, DEV-07, DEV-08). */
export function NoticeModal({ notice }: { notice: NoticeKind }) {
  const { t } = useTranslation();
  const dismiss = useNoticeStore((s) => s.dismissNotice);
  const { title, body } = TEXTS[notice];
  return (
    <Modal
      onClose={dismiss}
      title={t(title)}
      size="sm"
      submitLabel={t('notice-ok')}
      onSubmit={dismiss}
      testId={`notice-${notice}`}
    >
      <div className={`notice-art notice-art--${notice}`} aria-hidden="true" />
      <p className="notice-text" data-testid="notice-text">
        {t(body, { count: LIMITS.devicesPerTicket, version: IOS_MIN_VERSION })}
      </p>
    </Modal>
  );
}
