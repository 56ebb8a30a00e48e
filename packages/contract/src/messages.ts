/**
 * The spec's user-facing copy in English, keyed by i18n key. Texts are kept exactly as the spec
 * writes them, typos included (checklist: "typos of the source kept"). The web client uses these as
 * its en resources; the server uses them in error bodies so that API clients see the same words.
 */
export const SPEC_TEXT_EN = {
  // Email login, accounts section 8
  'login-error-401': 'Incorrect password.',
  'login-error-417':
    'You need to verify the email address on your new account before first time login.  Please check you email.',
  'login-error-406': 'Your account does not have a password.',
  'login-error-400': "This account doesn't exist. Please create a new account. Then validate your ticket.",
  'login-error-404':
    "This account doesn't exist. Please enter your correct email and password, or create a new account.",
  'login-error-other': 'There was an error with the information provided. Please check your credentials.',
  'login-error-429': 'Too many attempts. Please wait a few minutes and try again.',
  // Registration
  'register-error-exists': 'There is already an account for the supplied email. Please log in to continue.',
  'register-error-400': 'Invalid information provided.',
  'register-error-417': 'Password does not meet minimum security rules.',
  'register-error-406': 'Username contains profanity. Please choose another.',
  'register-error-409': 'Username already in use. Please choose another.',
  'register-error-304':
    'User has an account but has not verified their email address. Please check your email to verify your account.',
  'register-error-other':
    'Something went wrong while creating your account. Please contact customer support at {{email}}.',
  'register-error-too-young': 'You must be at least 13 years old to create an account.',
  'username-update-409': 'Username already in use.',
  // Inline validation, section 5
  'email-invalid': 'Email address is invalid',
  'password-format': 'Password is not the correct format',
  'email-confirm-mismatch': 'Make sure the email and the confirmation email match.',
  'username-invalid': 'Username is not valid. It must be at least 3 characters in length.',
  'password-confirm-mismatch': 'Password and Confirm Password have to match',
  'dob-invalid': 'Please enter a valid Date of Birth',
  // Forgot password
  'forgot-password-error': 'There is an error in the information you supplied',
} as const;

export type SpecTextKey = keyof typeof SPEC_TEXT_EN;
