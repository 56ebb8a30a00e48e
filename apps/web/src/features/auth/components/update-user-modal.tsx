import { isValidUsername, TIMINGS_MS } from '@encore/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { statusOf } from '../../../lib/api/api-error.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { updateUsernameErrorKey } from '../api/auth-errors.ts';
import { useUpdateUsername } from '../api/update-username.ts';

/** UPDATE_USER: only the username (accounts section 2); the name can be changed here at any time. */
export function UpdateUserModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const current = useSessionStore((s) => s.user?.username ?? '');
  const update = useUpdateUsername();
  const [username, setUsername] = useState(current);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  const valid = isValidUsername(username);
  const unchanged = username.trim() === current;
  const serverError =
    update.isError && failedFor === username ? t(updateUsernameErrorKey(statusOf(update.error))) : null;
  const fieldError = serverError ?? (username.length > 1 && !valid ? t('chat-name-invalid') : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || unchanged) return;
    update.mutate(username, {
      onSuccess: () => {
        showToast({
          kind: 'success',
          messageKey: 'username-updated',
          durationMs: TIMINGS_MS.usernameUpdatedToast,
        });
        onClose();
      },
      onError: () => setFailedFor(username),
    });
  };

  const connectionLost = update.isError && statusOf(update.error) === null;

  return (
    <Modal onClose={onClose} title={t('update-user-title')} testId="update-user-modal" size="sm">
      <p className="modal__lead">{t('update-user-subtitle')}</p>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {connectionLost && <FormError testId="update-user-error">{t('error-connection')}</FormError>}
        {current && (
          <p className="current-value" data-testid="update-user-current">
            {t('update-user-current', { username: current })}
          </p>
        )}
        <Field
          label={t('field-username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={connectionLost ? undefined : fieldError}
          hint={t('field-username-hint')}
          data-testid="update-user-username"
        />
        <Button
          type="submit"
          size="lg"
          block
          disabled={!valid || unchanged}
          busy={update.isPending}
          data-testid="update-user-submit"
        >
          {t('update-user-submit')}
        </Button>
      </form>
    </Modal>
  );
}
