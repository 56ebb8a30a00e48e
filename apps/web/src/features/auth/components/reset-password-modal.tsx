import { type PasswordRule, passwordRuleFailures, splitResetToken } from '@encore/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { resetConfirmError } from '../api/auth-errors.ts';
import { useConfirmPasswordReset } from '../api/password-reset-confirm.ts';
import { PasswordRules, RuleList } from './password-rules.tsx';

interface Failure {
  key: MessageKey;
  rules: PasswordRule[];
  invalidLink: boolean;
}

/** RESET_PASSWORD_CONFIRM, opened by /reset-password/:token where the token is `<uid>-<token>`. */
export function ResetPasswordModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const match = useMatch('/reset-password/:token');
  const parts = splitResetToken(match?.params.token ?? '');
  const confirm = useConfirmPasswordReset();
  const rulesId = useId();
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(
    parts ? null : { key: 'reset-error-invalid-link', rules: [], invalidLink: true },
  );

  const strong = passwordRuleFailures(password).length === 0;
  const matches = password === passwordConfirm;
  const canSubmit = Boolean(parts) && strong && matches && passwordConfirm.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parts || !canSubmit) return;
    setFailure(null);
    confirm.mutate(
      { new_password1: password, new_password2: passwordConfirm, uid: parts.uid, token: parts.token },
      {
        onSuccess: () => {
          showToast({ kind: 'success', messageKey: 'reset-success' });
          onDone();
        },
        onError: (error) =>
          setFailure(
            resetConfirmError(isApiError(error) ? error : { status: null }, passwordRuleFailures(password)),
          ),
      },
    );
  };

  return (
    <Modal onClose={onClose} title={t('reset-title')} testId="reset-password-modal" size="sm">
      <p className="modal__lead">{t('reset-subtitle')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {failure && (
          <FormError testId="reset-password-error">
            {t(failure.key)}
            <RuleList rules={failure.rules} />
            {failure.invalidLink && (
              <Button
                variant="link"
                size="sm"
                onClick={() => setAuthMode('FORGOT_PASSWORD')}
                data-testid="reset-password-request-new"
              >
                {t('reset-request-new-link')}
              </Button>
            )}
          </FormError>
        )}
        <Field
          label={t('field-new-password')}
          type="password"
          autoComplete="new-password"
          revealable
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={rulesId}
          data-testid="reset-password-new"
        />
        <PasswordRules password={password} id={rulesId} />
        <Field
          label={t('field-new-password-confirm')}
          type="password"
          autoComplete="new-password"
          revealable
          value={passwordConfirm}
          onChange={(e) => setPasswordConfirm(e.target.value)}
          onBlur={() => setConfirmTouched(true)}
          error={
            passwordConfirm.length > 0 &&
            !matches &&
            (confirmTouched || passwordConfirm.length >= password.length)
              ? t('password-confirm-mismatch')
              : undefined
          }
          data-testid="reset-password-confirm"
        />
        <Button
          type="submit"
          size="lg"
          block
          disabled={!canSubmit}
          busy={confirm.isPending}
          data-testid="reset-password-submit"
        >
          {t('reset-submit')}
        </Button>
      </form>
    </Modal>
  );
}
