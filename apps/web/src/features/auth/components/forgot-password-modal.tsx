import { isValidEmail, normalizeEmail, TIMINGS_MS } from '@encore/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { statusOf } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { forgotPasswordErrorKey } from '../api/auth-errors.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';

export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const reset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const valid = isValidEmail(normalizeEmail(email));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    reset.mutate(email, {
      onSuccess: () => {
        showToast({
          kind: 'success',
          messageKey: 'forgot-password-success',
          durationMs: TIMINGS_MS.forgotPasswordToast,
        });
        onClose();
      },
    });
  };

  return (
    <Modal onClose={onClose} title={t('forgot-title')} testId="forgot-password-modal" size="sm">
      <p className="modal__lead">{t('forgot-subtitle')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {reset.isError && (
          <FormError testId="forgot-password-error">
            {t(forgotPasswordErrorKey(statusOf(reset.error)))}
          </FormError>
        )}
        <Field
          label={t('field-email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('field-email-placeholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={email.length > 2 && !valid ? t('email-invalid') : undefined}
          data-testid="forgot-password-email"
        />
        <Button
          type="submit"
          size="lg"
          block
          disabled={!valid}
          busy={reset.isPending}
          data-testid="forgot-password-submit"
        >
          {t('forgot-submit')}
        </Button>
      </form>
      <div className="auth-links">
        <Button variant="link" onClick={() => setAuthMode('LOGIN')} data-testid="forgot-password-to-login">
          {t('forgot-back-to-login')}
        </Button>
        <Button
          variant="link"
          onClick={() => setAuthMode('REGISTER')}
          data-testid="forgot-password-to-register"
        >
          {t('forgot-create-account')}
        </Button>
      </div>
    </Modal>
  );
}
