import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { Modal } from '../../../components/ui/modal.tsx';
import { showToast } from '../../../lib/store/toast-store.ts';
import { useConfirmLoginLink } from '../api/login-link.ts';

/**
 * SIGN_IN_LINK, opened by /sign-in/:token (issue 29): the emailed link signs this browser in at once;
 * a used or expired one goes to the login form, where a new link can be asked for.
 */
export function SignInLinkModal({ onDone }: { onDone: (next: '' | 'LOGIN') => void }) {
  const { t } = useTranslation();
  const token = useMatch('/sign-in/:token')?.params.token;
  const confirm = useConfirmLoginLink();
  // The link works once: a second run of the effect (StrictMode) must not spend it again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      onDone('LOGIN');
      return;
    }
    confirm.mutate(token, {
      onSuccess: ({ user }) => {
        showToast({ kind: 'success', messageKey: 'login-success', params: { username: user.username } });
        onDone('');
      },
      onError: () => {
        showToast({ kind: 'error', messageKey: 'sign-in-link-invalid' });
        onDone('LOGIN');
      },
    });
  }, [token, confirm, onDone]);
  return (
    <Modal onClose={() => onDone('')} title={t('sign-in-link-title')} testId="sign-in-link-modal" size="sm">
      <p className="modal__lead" role="status">
        {t('sign-in-link-busy')}
      </p>
    </Modal>
  );
}
