import { resultCode } from '@encore/contract';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import type { FailedCall } from './auth-errors.ts';

export type PhoneStep = 'number' | 'code' | 'nickname';

export interface PhoneErrorView {
  key: MessageKey;
  /** The nickname itself was refused: shown on the field until it is edited. */
  onNickname: boolean;
  /** The sign-up can no longer finish with this temp_code: the fan starts again with the number. */
  restart: boolean;
}

/**
 * Section 8's phone errors by result code. The body's code decides where one status carries two
 * results (409: the number or the nickname; 400: the number, the code or the nickname); otherwise
 * the status is mapped through the contract's phone table.
 */
export function phoneError(failed: FailedCall, step: PhoneStep): PhoneErrorView {
  const view = (key: MessageKey, extra: Partial<PhoneErrorView> = {}): PhoneErrorView => ({
    key,
    onNickname: false,
    restart: false,
    ...extra,
  });
  if (failed.status === null) return view('error-connection');
  switch (failed.code) {
    case 'INVALID_PHONE_NUMBER':
      return view('phone-error-invalid-number');
    case 'INVALID_USERNAME':
      return view('chat-name-invalid', { onNickname: true });
    case 'USERNAME_PROFANITY':
      return view('register-error-406', { onNickname: true });
    case 'USERNAME_ALREADY_EXISTS':
      return view('nickname-exists', { onNickname: true });
    case 'SMS_SEND_FAILED':
      return view('phone-error-sms-send');
  }
  switch (resultCode('phone', failed.status)) {
    case 'INVALID_CODE':
      // At the nickname step the temp_code is what was refused: the verification has to be redone.
      return step === 'nickname'
        ? view('phone-error-signup-expired', { restart: true })
        : view('phone-error-invalid-code');
    case 'CODE_UNMATCHED':
      return step === 'nickname'
        ? view('phone-error-signup-expired', { restart: true })
        : view('phone-error-code-mismatch');
    case 'PHONE_NUMBER_UNMATCHED':
      return view('phone-error-number-unmatched', { restart: step === 'nickname' });
    case 'PHONE_NUMBER_ALREADY_USED':
      return view('phone-error-409', { restart: true });
    case 'TOO_MANY_REQUESTS':
      return view('phone-error-too-many');
    case 'SMS_ALREADY_SENT':
      return view('phone-error-sms-already-sent');
    default:
      return view(step === 'number' ? 'phone-error-sms-send' : 'phone-error-unknown');
  }
}
