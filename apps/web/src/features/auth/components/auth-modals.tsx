import { useLocation, useNavigate } from 'react-router';
import { useConfig } from '../../../lib/config/config-context.tsx';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { CommerceModal } from '../../tickets/index.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';
import { LoginModal } from './login-modal.tsx';
import { PartnerLoginModal } from './partner-login-modal.tsx';
import { PartnerRegisterModal } from './partner-register-modal.tsx';
import { PhoneLoginModal } from './phone-login-modal.tsx';
import { RegisterModal } from './register-modal.tsx';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { SignInLinkModal } from './sign-in-link-modal.tsx';
import { UpdateUserModal } from './update-user-modal.tsx';
import './auth-forms.css';

/** The modal chosen by the one `authMode` value (accounts section 2). */
export function AuthModals() {
  const authMode = useUiStore((s) => s.authMode);
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const { auth_system: authSystem } = useConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const close = () => setAuthMode('');
  // An emailed link's path has done its job once its modal closes; do not leave it in the address bar.
  const leaveResetRoute = (next: '' | 'LOGIN') => {
    setAuthMode(next);
    if (pathname.startsWith('/reset-password/') || pathname.startsWith('/sign-in/'))
      navigate('/', { replace: true });
  };

  switch (authMode) {
    case 'LOGIN':
      // auth_system naming the partner platform replaces the email form with its popup (PPL-01).
      return authSystem === 'weverse' ? (
        <PartnerLoginModal key="partner-login" onClose={close} />
      ) : (
        <LoginModal key="login" onClose={close} />
      );
    case 'WEVERSE_REGISTER':
      return <PartnerRegisterModal key="partner-register" onClose={close} />;
    case 'REGISTER':
      return <RegisterModal key="register" onClose={close} />;
    case 'UPDATE_USER':
      return <UpdateUserModal key="update-user" onClose={close} />;
    case 'PHONE_LOGIN':
      return <PhoneLoginModal key="phone" onClose={close} />;
    case 'FORGOT_PASSWORD':
      return <ForgotPasswordModal key="forgot" onClose={close} />;
    case 'RESET_PASSWORD_CONFIRM':
      return (
        <ResetPasswordModal
          key="reset"
          onClose={() => leaveResetRoute('')}
          onDone={() => leaveResetRoute('LOGIN')}
        />
      );
    case 'SIGN_IN_LINK':
      return <SignInLinkModal key="sign-in-link" onDone={leaveResetRoute} />;
    case 'ADD_PAYMENT':
    case 'PURCHASE_HISTORY':
      return <CommerceModal key={authMode} mode={authMode} onClose={close} />;
    default:
      return null;
  }
}
