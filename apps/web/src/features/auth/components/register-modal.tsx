import { LIMITS } from '@encore/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { getCookie, setCookie } from '../../../lib/cookies.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { RegisterForm } from './register-form.tsx';

const TOO_YOUNG_COOKIE = 'tooYoung';

type Step = { name: 'SHOW_FORM' } | { name: 'VERIFY_MSG'; email: string } | { name: 'TOO_YOUNG' };

export function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  // The age gate holds for 4 hours in this browser, also across reloads (accounts section 9).
  const [step, setStep] = useState<Step>(() =>
    getCookie(TOO_YOUNG_COOKIE) !== null ? { name: 'TOO_YOUNG' } : { name: 'SHOW_FORM' },
  );

  if (step.name === 'TOO_YOUNG') {
    return (
      <Modal onClose={onClose} title={t('register-too-young-title')} testId="register-too-young" size="sm">
        <div className="notice-block">
          <p data-testid="register-too-young-message">{t('register-error-too-young')}</p>
          <Button variant="secondary" block onClick={onClose}>
            {t('register-too-young-close')}
          </Button>
        </div>
      </Modal>
    );
  }

  if (step.name === 'VERIFY_MSG') {
    return (
      <Modal onClose={onClose} title={t('verify-title')} testId="register-verify" size="sm">
        <div className="notice-block">
          <div className="notice-block__icon" aria-hidden="true">
            <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
              <rect
                x="6"
                y="11"
                width="36"
                height="26"
                rx="5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
              />
              <path d="m8 14 16 12 16-12" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </div>
          <p data-testid="register-verify-message">{t('verify-message', { email: step.email })}</p>
          <Button block size="lg" onClick={() => setAuthMode('LOGIN')} data-testid="register-verify-login">
            {t('verify-done')}
          </Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal onClose={onClose} title={t('register-title')} testId="register-modal">
      <p className="modal__lead">{t('register-subtitle')}</p>
      <RegisterForm
        onRegistered={(email) => setStep({ name: 'VERIFY_MSG', email })}
        onTooYoung={() => {
          setCookie(TOO_YOUNG_COOKIE, '1', LIMITS.tooYoungCookieHours * 3600);
          setStep({ name: 'TOO_YOUNG' });
        }}
      />
    </Modal>
  );
}
