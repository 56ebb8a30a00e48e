import { isValidUsername, TIMINGS_MS } from '@encore/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { usePartnerRegister, usePartnerSignupStore } from '../api/partner-login.ts';

/**
 * WEVERSE_REGISTER (PPL-06..10): the username of a new partner account. A taken name shows on the
 * field until it is edited; any other failure is an 8 s warning and the modal closes.
 */
export function PartnerRegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const tempCode = usePartnerSignupStore((s) => s.tempCode);
  const register = usePartnerRegister();
  const [username, setUsername] = useState('');
  const [exists, setExists] = useState(false);
  const valid = isValidUsername(username);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !tempCode || register.isPending) return;
    register.mutate(
      { tempCode, username },
      {
        onSuccess: ({ user }) => {
          showToast({ kind: 'success', messageKey: 'login-success', params: { username: user.username } });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'USERNAME_ALREADY_EXISTS') {
            setExists(true);
            return;
          }
          showToast({
            kind: 'error',
            messageKey: 'error-weverse-register-error',
            durationMs: TIMINGS_MS.partnerWarning,
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal onClose={onClose} title={t('partner-register-title')} testId="partner-register-modal" size="sm">
      <p className="modal__lead">{t('partner-register-subtitle')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('field-username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setExists(false);
          }}
          error={
            exists
              ? t('username-exist-error')
              : username.length > 1 && !valid
                ? t('chat-name-invalid')
                : undefined
          }
          hint={t('field-username-hint')}
          data-testid="partner-register-username"
        />
        <Button
          type="submit"
          size="lg"
          block
          disabled={!valid || exists || !tempCode}
          busy={register.isPending}
          data-testid="partner-register-submit"
        >
          {t('partner-register-submit')}
        </Button>
      </form>
    </Modal>
  );
}
