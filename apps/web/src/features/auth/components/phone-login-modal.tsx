import {
  isPhoneCode,
  isValidPhoneNumber,
  isValidUsername,
  normalizePhoneNumber,
  PHONE_CODE_LENGTH,
} from '@encore/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { useNowUntil } from '../../../lib/time/use-now.ts';
import { type PhoneErrorView, type PhoneStep, phoneError } from '../api/phone-errors.ts';
import { useRegisterPhone, useRequestSmsCode, useVerifySmsCode } from '../api/phone-login.ts';

const toView = (error: unknown, step: PhoneStep): PhoneErrorView =>
  phoneError(isApiError(error) ? error : { status: null }, step);

/**
 * PHONE_LOGIN (PPL-17, decided in docs/decisions.md): one modal in three steps, the number, the
 * 4-digit SMS code, then for a new number the nickname. A known number is logged in after the code.
 */
export function PhoneLoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const sendCode = useRequestSmsCode();
  const verify = useVerifySmsCode();
  const register = useRegisterPhone();
  const [step, setStep] = useState<PhoneStep>('number');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [tempCode, setTempCode] = useState('');
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<PhoneErrorView | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const now = useNowUntil(step === 'code' ? resendAt : 0, 1000);

  const phoneValid = isValidPhoneNumber(normalizePhoneNumber(phone));
  const codeValid = isPhoneCode(code);
  const nicknameValid = isValidUsername(nickname);
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const signedIn = (username: string) => {
    showToast({ kind: 'success', messageKey: 'login-success', params: { username } });
    onClose();
  };

  const requestCode = () => {
    setError(null);
    sendCode.mutate(phone, {
      onSuccess: ({ resend_in }) => {
        setResendAt(Date.now() + resend_in * 1000);
        setCode('');
        setStep('code');
      },
      onError: (e) => setError(toView(e, 'number')),
    });
  };

  const onSubmitNumber = (event: FormEvent) => {
    event.preventDefault();
    if (phoneValid && !sendCode.isPending) requestCode();
  };

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!codeValid || verify.isPending) return;
    setError(null);
    verify.mutate(
      { phone, code },
      {
        onSuccess: (result) => {
          if (result.kind === 'login') return signedIn(result.answer.user.username);
          setTempCode(result.tempCode);
          setStep('nickname');
        },
        onError: (e) => setError(toView(e, 'code')),
      },
    );
  };

  const onSubmitNickname = (event: FormEvent) => {
    event.preventDefault();
    if (!nicknameValid || register.isPending) return;
    setError(null);
    register.mutate(
      { phone, tempCode, username: nickname },
      {
        onSuccess: ({ user }) => signedIn(user.username),
        onError: (e) => {
          const view = toView(e, 'nickname');
          setError(view);
          if (view.restart) {
            setStep('number');
            setTempCode('');
          }
        },
      },
    );
  };

  const formError = error && !error.onNickname && (
    <FormError testId="phone-login-error">
      <span data-key={error.key}>{t(error.key)}</span>
    </FormError>
  );

  return (
    <Modal onClose={onClose} title={t('phone-login-title')} testId="phone-login-modal" size="sm">
      <ol className="phone-steps" aria-label={t('phone-login-steps')}>
        {(['number', 'code', 'nickname'] as const).map((s, i) => (
          <li
            key={s}
            className={s === step ? 'is-current' : undefined}
            aria-current={s === step ? 'step' : undefined}
          >
            <span className="phone-steps__n">{i + 1}</span>
            {t(`phone-step-${s}`)}
          </li>
        ))}
      </ol>

      {step === 'number' && (
        <form className="auth-form" onSubmit={onSubmitNumber} noValidate data-step="number">
          <p className="modal__lead">{t('phone-login-subtitle')}</p>
          {formError}
          <Field
            label={t('field-phone')}
            type="tel"
            name="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t('field-phone-placeholder')}
            value={phone}
            maxLength={24}
            error={phone.trim().length > 6 && !phoneValid ? t('phone-error-invalid-number') : undefined}
            onChange={(e) => setPhone(e.target.value)}
            data-testid="phone-login-number"
          />
          <Button
            type="submit"
            size="lg"
            block
            disabled={!phoneValid}
            busy={sendCode.isPending}
            data-testid="phone-login-send"
          >
            {t('phone-send-code')}
          </Button>
        </form>
      )}

      {step === 'code' && (
        <form className="auth-form" onSubmit={onSubmitCode} noValidate data-step="code">
          <p className="modal__lead">{t('phone-code-sent', { phone: normalizePhoneNumber(phone) })}</p>
          {formError}
          <Field
            label={t('field-phone-code')}
            className="field--code"
            name="one-time-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={PHONE_CODE_LENGTH}
            placeholder="••••"
            value={code}
            hint={t('phone-code-hint')}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH));
              setError(null);
            }}
            data-testid="phone-login-code"
          />
          <Button
            type="submit"
            size="lg"
            block
            disabled={!codeValid}
            busy={verify.isPending}
            data-testid="phone-login-verify"
          >
            {t('phone-verify')}
          </Button>
          <div className="auth-links">
            <Button
              variant="link"
              size="sm"
              onClick={() => setStep('number')}
              data-testid="phone-login-change"
            >
              {t('phone-change-number')}
            </Button>
            <Button
              variant="link"
              size="sm"
              disabled={resendIn > 0 || sendCode.isPending}
              onClick={requestCode}
              data-testid="phone-login-resend"
            >
              {resendIn > 0 ? t('phone-resend-in', { seconds: resendIn }) : t('phone-resend')}
            </Button>
          </div>
        </form>
      )}

      {step === 'nickname' && (
        <form className="auth-form" onSubmit={onSubmitNickname} noValidate data-step="nickname">
          <p className="modal__lead">{t('phone-nickname-subtitle')}</p>
          {formError}
          <Field
            label={t('field-nickname')}
            autoComplete="nickname"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            value={nickname}
            onChange={(e) => {
              setNickname(e.target.value);
              if (error?.onNickname) setError(null);
            }}
            error={
              error?.onNickname
                ? t(error.key)
                : nickname.length > 1 && !nicknameValid
                  ? t('chat-name-invalid')
                  : undefined
            }
            hint={t('field-username-hint')}
            data-testid="phone-login-nickname"
          />
          <Button
            type="submit"
            size="lg"
            block
            disabled={!nicknameValid || Boolean(error?.onNickname)}
            busy={register.isPending}
            data-testid="phone-login-register"
          >
            {t('phone-register-submit')}
          </Button>
        </form>
      )}

      <p className="auth-switch">
        <Button variant="link" onClick={() => setAuthMode('LOGIN')} data-testid="phone-login-to-email">
          {t('phone-use-email')}
        </Button>
      </p>
    </Modal>
  );
}
