import { PARTNER_TEXT_EN, PHONE_TEXT_EN, SPEC_TEXT_EN } from '@encore/contract';

/**
 * English texts of the auth forms, loaded together with them. The spec's copy comes from the
 * contract unchanged (typos of the source included); the other keys are the client's own.
 */
export const enAuth = {
  // The account menu and the toasts of the auth forms: they show only once these texts are loaded.
  'nav-account-menu': 'account menu',
  'nav-change-username': 'Change Username',
  'nav-purchase-history': 'Purchase History',
  'nav-payment-info': 'Payment Info',
  'nav-sign-out': 'Sign out',
  'login-success': 'Signed in as {{username}}.',
  'username-updated': 'Your username has been updated.',
  'forgot-password-success': 'Check your email: we sent you a link to reset your password.',
  'reset-success': 'Your password has been changed. Sign in with your new password.',
  'logout-success': 'You have been signed out.',
  ...SPEC_TEXT_EN,

  'field-email': 'Email',
  'field-email-placeholder': 'you@example.com',
  'field-email-confirm': 'Confirm email',
  'field-password': 'Password',
  'field-password-confirm': 'Confirm password',
  'field-username': 'Username',
  'field-username-hint': 'This is your name in chat: 3 to 20 characters, no spaces or symbols.',
  'field-new-password': 'New password',
  'field-new-password-confirm': 'Confirm new password',

  'login-title': 'Welcome back',
  'login-subtitle': 'Sign in to confirm your ticket and take your place in the crowd.',
  'login-submit': 'Sign in',
  'login-forgot-password': 'Forgot password?',
  'login-step-up-lead':
    'Many wrong passwords were tried on this account, so new browsers are paused for a while. If it is yours, we can email you a one-time sign-in link.',
  'login-step-up-send': 'Email me a sign-in link',
  'login-step-up-sent':
    'If this account is paused, a sign-in link is on its way to {{email}}. It works once, for 15 minutes.',
  'sign-in-link-invalid': 'This sign-in link is invalid, used or expired. Ask for a new one.',
  'sign-in-link-title': 'Signing you in',
  'sign-in-link-busy': 'Checking your sign-in link…',
  'login-no-account': 'New to Encore?',
  'login-create-account': 'Create account',

  'register-title': 'Create your account',
  'register-subtitle': 'One account for every show: tickets, chat and cheers.',
  'register-terms':
    'I agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>.',
  'register-marketing': 'Email me about upcoming shows and offers.',
  'register-submit': 'Create account',
  'register-have-account': 'Already have an account?',
  'register-sign-in': 'Sign in',
  'register-too-young-title': 'We can’t create your account',
  'register-too-young-close': 'Close',
  'nickname-exists': 'This username is already taken. Please choose another.',
  'chat-name-invalid': 'This username is not valid. Use 3 to 20 characters without spaces or symbols.',

  'password-rules-title': 'Your password needs',
  'password-rule-length': 'At least 8 characters',
  'password-rule-lowercase': 'A lowercase letter',
  'password-rule-uppercase': 'An uppercase letter',
  'password-rule-digit': 'A number',

  'dob-legend': 'Date of birth',
  'dob-year': 'Year',
  'dob-month': 'Month',
  'dob-day': 'Day',

  'verify-title': 'Check your inbox',
  'verify-message':
    'We sent a verification email to {{email}}. Open the link in it to activate your account, then sign in.',
  'verify-done': 'Go to sign in',

  'update-user-title': 'Change username',
  'update-user-subtitle': 'This is the name other fans see next to your messages in chat.',
  'update-user-current': 'Current username: {{username}}',
  'update-user-submit': 'Save username',

  'forgot-title': 'Reset your password',
  'forgot-subtitle': 'Enter the email of your account and we will send you a link to choose a new password.',
  'forgot-submit': 'Submit',
  'forgot-back-to-login': 'Back to Login',
  'forgot-create-account': 'Create Account',

  'reset-title': 'Choose a new password',
  'reset-subtitle': 'Pick a strong password you don’t use anywhere else.',
  'reset-submit': 'Set new password',
  'reset-error-invalid-link': 'This password reset link is invalid or has expired. Please request a new one.',
  'reset-request-new-link': 'Request a new link',

  // Phone login (PPL-17..28): the error texts are the server's, in PHONE_TEXT_EN.
  'login-or': 'or',
  'login-with-phone': 'Sign in with phone number',
  'phone-login-title': 'Sign in with your phone',
  'phone-login-subtitle':
    'We will text you a 4-digit code. New to Encore? You choose a nickname right after.',
  'phone-login-steps': 'Steps of phone sign-in',
  'phone-step-number': 'Number',
  'phone-step-code': 'Code',
  'phone-step-nickname': 'Nickname',
  'field-phone': 'Phone number',
  'field-phone-placeholder': '010-1234-5678',
  'phone-send-code': 'Send code',
  'phone-code-sent': 'Enter the 4-digit code we sent to {{phone}}.',
  'field-phone-code': 'Verification code',
  'phone-code-hint': 'The code works for 5 minutes.',
  'phone-verify': 'Verify',
  'phone-change-number': 'Change number',
  'phone-resend': 'Send a new code',
  'phone-resend-in': 'New code in {{seconds}} s',
  'phone-nickname-subtitle': 'Welcome! Choose the nickname other fans will see in chat.',
  'field-nickname': 'Nickname',
  'phone-register-submit': 'Finish sign-up',
  'phone-use-email': 'Sign in with email instead',
  'phone-error-unknown': 'An unknown error occurred. Please try again.',
  'phone-error-invalid-number': PHONE_TEXT_EN.invalidNumber,
  'phone-error-invalid-code': PHONE_TEXT_EN.invalidCode,
  'phone-error-code-mismatch': PHONE_TEXT_EN.codeUnmatched,
  'phone-error-number-unmatched': PHONE_TEXT_EN.numberUnmatched,
  'phone-error-409': PHONE_TEXT_EN.alreadyUsed,
  'phone-error-too-many': PHONE_TEXT_EN.tooManyRequests,
  'phone-error-sms-already-sent': PHONE_TEXT_EN.smsAlreadySent,
  'phone-error-sms-send': PHONE_TEXT_EN.smsSendError,
  'phone-error-signup-expired': PHONE_TEXT_EN.tempCodeInvalid,

  // Partner-platform login (PPL-01..13); the two texts section 8 quotes come from the contract.
  'partner-login-title': 'Sign in with Weverse',
  'partner-login-message':
    'Encore tickets from Weverse use your Weverse account. A Weverse window opens for you to sign in; you come back here right after.',
  'partner-login-continue': 'Continue to Weverse',
  'partner-login-waiting': 'Waiting for you to sign in in the Weverse window…',
  'partner-login-reopen': 'Open the Weverse window again',
  'error-weverse-sign-in': 'We could not sign you in with Weverse. Please try again later.',
  'error-weverse-register-error': 'We could not create your account with Weverse. Please try again later.',
  'partner-register-title': 'Choose your username',
  'partner-register-subtitle': 'You are signed in with Weverse. Pick the name other fans will see in chat.',
  'partner-register-submit': 'Create account',
  'username-exist-error': 'This username is already taken. Please choose another.',
  'partner-error-bad-token': PARTNER_TEXT_EN.badToken,
  'partner-error-empty': PARTNER_TEXT_EN.emptyData,
};
