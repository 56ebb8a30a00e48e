import { isLoginPasswordFormat, isValidEmail, normalizeEmail } from '@encore/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isApiError, statusOf } from '../../../lib/api/api-error.ts';
import { toLocale } from '../../../lib/i18n/locale.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { LOGIN_LOCKING_STATUSES, loginErrorKey } from '../api/auth-errors.ts';
import { useEmailLogin } from '../api/email-login.ts';
import { useRequestLoginLink } from '../api/login-link.ts';

/**
 * The step-up past a lockout by strangers (issue 29): the login's 429 says the account is paused for
 * new browsers, and its owner asks for an emailed one-time sign-in link.
 */
function StepUpOffer({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const ask = useRequestLoginLink();
  if (ask.isSuccess) {
    return (
      <p className="auth-form__note" role="status" data-testid="login-step-up-sent">
        {t('login-step-up-sent', { email: email.trim() })}
      </p>
    );
  }
  return (
    <div className="auth-form__note" data-testid="login-step-up">
      <p>{t('login-step-up-lead')}</p>
      <Button
        variant="secondary"
        block
        busy={ask.isPending}
        onClick={() => ask.mutate({ email, lang: toLocale(i18n.language) })}
        data-testid="login-step-up-send"
      >
        {t('login-step-up-send')}
      </Button>
    </div>
  );
}

export function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const login = useEmailLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordTouched, setPasswordTouched] = useState(false);
  // Set by answers that will not change on a retry with the same input (accounts section 5).
  const [locked, setLocked] = useState(false);

  const emailValid = isValidEmail(normalizeEmail(email));
  const passwordValid = isLoginPasswordFormat(password);
  const emailError = email.length > 2 && !emailValid ? t('email-invalid') : undefined;
  const passwordError =
    passwordTouched && password.length > 0 && !passwordValid ? t('password-format') : undefined;
  const status = login.isError ? statusOf(login.error) : undefined;
  const stepUp = login.isError && isApiError(login.error) && login.error.stepUp === 'email_link';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!emailValid || !passwordValid || locked) return;
    login.mutate(
      { email, password },
      {
        onSuccess: ({ user }) => {
          showToast({ kind: 'success', messageKey: 'login-success', params: { username: user.username } });
          onClose();
        },
        onError: (error) => {
          const s = statusOf(error);
          if (s !== null && LOGIN_LOCKING_STATUSES.has(s)) setLocked(true);
        },
      },
    );
  };

  return (
    <Modal onClose={onClose} title={t('login-title')} testId="login-modal" size="sm">
      <p className="modal__lead">{t('login-subtitle')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {status !== undefined && (
          <FormError testId="login-error">
            <span data-status={status ?? 'none'}>{t(loginErrorKey(status))}</span>
          </FormError>
        )}
        {stepUp && <StepUpOffer email={email} />}
        <Field
          label={t('field-email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('field-email-placeholder')}
          value={email}
          error={emailError}
          onChange={(e) => {
            setEmail(e.target.value);
            setLocked(false);
          }}
          data-testid="login-email"
        />
        <Field
          label={t('field-password')}
          type="password"
          name="password"
          autoComplete="current-password"
          revealable
          value={password}
          error={passwordError}
          onBlur={() => setPasswordTouched(true)}
          onChange={(e) => {
            setPassword(e.target.value);
            setLocked(false);
          }}
          data-testid="login-password"
        />
        <div className="auth-form__row auth-form__row--end">
          <Button
            variant="link"
            size="sm"
            onClick={() => setAuthMode('FORGOT_PASSWORD')}
            data-testid="login-forgot"
          >
            {t('login-forgot-password')}
          </Button>
        </div>
        <Button
          type="submit"
          size="lg"
          block
          disabled={!emailValid || !passwordValid || locked}
          busy={login.isPending}
          data-testid="login-submit"
        >
          {t('login-submit')}
        </Button>
      </form>
      <p className="auth-divider">{t('login-or')}</p>
      <Button
        variant="secondary"
        block
        className="auth-alt"
        onClick={() => setAuthMode('PHONE_LOGIN')}
        data-testid="login-to-phone"
      >
        {t('login-with-phone')}
      </Button>
      <p className="auth-switch">
        {t('login-no-account')}{' '}
        <Button variant="link" onClick={() => setAuthMode('REGISTER')} data-testid="login-to-register">
          {t('login-create-account')}
        </Button>
      </p>
    </Modal>
  );
}
