import type { PasswordRule } from '@encore/contract';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';

/** A message to show: an i18n key (with parameters) or, for a 400 the client has no key for, the server's text. */
export type ErrorMessage = { key: MessageKey; params?: Record<string, string> } | { text: string };

/** What the mapping needs of an ApiError; kept structural so it stays a pure function. */
export interface FailedCall {
  status: number | null;
  code?: string;
  serverMessage?: string | null;
  rules?: readonly string[];
}

const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'lowercase', 'uppercase', 'digit'];

export function knownPasswordRules(rules: readonly string[] | undefined): PasswordRule[] {
  return (rules ?? []).filter((r): r is PasswordRule => (PASSWORD_RULES as readonly string[]).includes(r));
}

/** After these login answers the button stays disabled until a field changes (accounts section 5). */
export const LOGIN_LOCKING_STATUSES: ReadonlySet<number> = new Set([401, 404, 400, 406, 417]);

export function loginErrorKey(status: number | null): MessageKey {
  switch (status) {
    case null:
      return 'error-connection';
    case 401:
      return 'login-error-401';
    case 417:
      return 'login-error-417';
    case 406:
      return 'login-error-406';
    case 400:
      return 'login-error-400';
    case 404:
      return 'login-error-404';
    case 429:
      return 'login-error-429';
    default:
      return 'login-error-other';
  }
}

export interface RegisterErrorView {
  message: ErrorMessage;
  /** Password rules to list under a 417. */
  rules: PasswordRule[];
  /** The username was refused (taken or profane): the field shows it until edited. */
  usernameRejected: boolean;
  /** The server's age gate answered: show the too-young state. */
  tooYoung: boolean;
}

// The server explains a 400 in English; these codes have translated texts of the same meaning.
const REGISTER_400_KEYS: Readonly<Record<string, MessageKey>> = {
  INVALID_EMAIL: 'email-invalid',
  PASSWORD_MISMATCH: 'password-confirm-mismatch',
  INVALID_DATE_OF_BIRTH: 'dob-invalid',
  INVALID_USERNAME: 'username-invalid',
  TOO_YOUNG: 'register-error-too-young',
};

export function registerError(
  failed: FailedCall,
  supportEmail: string,
  localRuleFailures: PasswordRule[] = [],
): RegisterErrorView {
  const view = (message: ErrorMessage, extra: Partial<RegisterErrorView> = {}): RegisterErrorView => ({
    message,
    rules: [],
    usernameRejected: false,
    tooYoung: false,
    ...extra,
  });
  switch (failed.status) {
    case null:
      return view({ key: 'error-connection' });
    case 302:
    case 429:
      return view({ key: 'register-error-exists' });
    case 304:
      return view({ key: 'register-error-304' });
    case 400: {
      const key = failed.code ? REGISTER_400_KEYS[failed.code] : undefined;
      if (key) return view({ key }, { tooYoung: failed.code === 'TOO_YOUNG' });
      return view(failed.serverMessage ? { text: failed.serverMessage } : { key: 'register-error-400' });
    }
    case 417: {
      const fromServer = knownPasswordRules(failed.rules);
      return view(
        { key: 'register-error-417' },
        { rules: fromServer.length ? fromServer : localRuleFailures },
      );
    }
    case 406:
      return view({ key: 'register-error-406' }, { usernameRejected: true });
    case 409:
      return view({ key: 'register-error-409' }, { usernameRejected: true });
    default:
      return view({ key: 'register-error-other', params: { email: supportEmail } });
  }
}

export function updateUsernameErrorKey(status: number | null): MessageKey {
  switch (status) {
    case null:
      return 'error-connection';
    case 409:
      return 'username-update-409';
    case 406:
      return 'register-error-406';
    case 400:
      return 'chat-name-invalid';
    default:
      return 'error-generic';
  }
}

export function forgotPasswordErrorKey(status: number | null): MessageKey {
  return status === null ? 'error-connection' : 'forgot-password-error';
}

export function resetConfirmError(failed: FailedCall, localRuleFailures: PasswordRule[] = []) {
  switch (failed.status) {
    case null:
      return { key: 'error-connection' as MessageKey, rules: [], invalidLink: false };
    case 400:
      return { key: 'reset-error-invalid-link' as MessageKey, rules: [], invalidLink: true };
    case 417: {
      const fromServer = knownPasswordRules(failed.rules);
      return {
        key: 'register-error-417' as MessageKey,
        rules: fromServer.length ? fromServer : localRuleFailures,
        invalidLink: false,
      };
    }
    default:
      return { key: 'error-generic' as MessageKey, rules: [], invalidLink: false };
  }
}
