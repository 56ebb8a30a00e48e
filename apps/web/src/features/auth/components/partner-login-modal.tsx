import { PARTNER_POPUP, TIMINGS_MS } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useConfig } from '../../../lib/config/config-context.tsx';
import { showToast } from '../../../lib/store/toast-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { usePartnerLogin } from '../api/partner-login.ts';
import { partnerOriginOf, readPartnerMessage } from '../api/partner-message.ts';

const STICKY = Number.POSITIVE_INFINITY;

/**
 * LOGIN when auth_system names the partner platform (PPL-01..05, 11..14): a message modal comes first;
 * Continue opens the platform's account page in a 360x640 popup, and its window message logs in.
 */
export function PartnerLoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { partner_account_url: accountUrl } = useConfig();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const login = usePartnerLogin();
  const [waiting, setWaiting] = useState(false);
  const partnerOrigin = partnerOriginOf(accountUrl);
  // The listener outlives renders; it reads the newest callbacks through this ref.
  const handlers = useRef({ login, onClose, setAuthMode, t });
  handlers.current = { login, onClose, setAuthMode, t };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readPartnerMessage(event.origin, event.data, partnerOrigin);
      const h = handlers.current;
      if (message.kind === 'ignore') return;
      if (message.kind === 'empty') {
        showToast({
          kind: 'error',
          messageKey: 'partner-error-empty',
          durationMs: TIMINGS_MS.partnerWarning,
        });
        return;
      }
      if (message.kind === 'bad-token') {
        showToast({ kind: 'error', messageKey: 'partner-error-bad-token', durationMs: STICKY });
        return;
      }
      h.login.mutate(message.token, {
        onSuccess: (result) => {
          if (result.kind === 'login') {
            showToast({
              kind: 'success',
              messageKey: 'login-success',
              params: { username: result.answer.user.username },
            });
            h.onClose();
          } else if (result.kind === 'signup') {
            h.setAuthMode('WEVERSE_REGISTER');
          } else {
            showToast({ kind: 'error', messageKey: 'error-weverse-sign-in', durationMs: STICKY });
          }
        },
        onError: () => showToast({ kind: 'error', messageKey: 'error-weverse-sign-in', durationMs: STICKY }),
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [partnerOrigin]);

  const openPopup = () => {
    if (!accountUrl) return;
    const { width, height, name } = PARTNER_POPUP;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    window.open(accountUrl, name, `popup,width=${width},height=${height},left=${left},top=${top}`);
    setWaiting(true);
  };

  return (
    <Modal onClose={onClose} title={t('partner-login-title')} testId="partner-login-modal" size="sm">
      <p className="modal__lead">{t('partner-login-message')}</p>
      {waiting && (
        <p className="current-value partner-waiting" role="status" data-testid="partner-login-waiting">
          {t('partner-login-waiting')}
        </p>
      )}
      <Button
        size="lg"
        block
        onClick={openPopup}
        disabled={!accountUrl}
        busy={login.isPending}
        data-testid="partner-login-continue"
      >
        {waiting ? t('partner-login-reopen') : t('partner-login-continue')}
      </Button>
    </Modal>
  );
}
