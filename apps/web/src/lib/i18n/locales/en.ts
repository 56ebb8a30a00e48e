import type { enAuth } from './en-auth.ts';

/**
 * English is the default and fallback locale. These texts ship in the entry chunk; the texts of the
 * sign-in, registration and password forms live in en-auth.ts and load with those forms (landing
 * JS budget). A key used outside src/features/auth must be here (checked by messages.test.ts).
 * Other locales translate every key of both files: their type is `Messages`, so a missing key
 * fails the type check.
 */
const core = {
  'app-name': 'Encore',
  'document-title': 'Encore · Live concerts, front row',
  loading: 'Loading…',
  'error-connection': 'We could not reach Encore. Check your connection and try again.',
  'error-generic': 'Something went wrong. Please try again.',
  'notice-cannot-login': 'We could not sign you in. Please try again.',
  'notice-unexpected-error': 'An unexpected error occurred. Please log in again.',

  'language-en': 'English',
  'language-ja': '日本語',
  'language-ko': '한국어',
  'language-zh-cn': '简体中文',

  'nav-main': 'Main navigation',
  'nav-home': 'Encore home',
  'nav-language': 'Language',
  'nav-sign-in': 'Sign in',
  'nav-sign-up': 'Sign up',
  'nav-account-menu': 'Account menu for {{username}}',
  'nav-change-username': 'Change Username',
  'nav-purchase-history': 'Purchase History',
  'nav-payment-info': 'Payment Info',
  'nav-sign-out': 'Sign out',

  'modal-close': 'Close',
  'modal-cancel': 'Cancel',
  'password-show': 'Show password',
  'password-hide': 'Hide password',
  'login-success': 'Signed in as {{username}}.',
  'username-updated': 'Your username has been updated.',
  'forgot-password-success': 'Check your email: we sent you a link to reset your password.',
  'reset-success': 'Your password has been changed. Sign in with your new password.',

  'logout-success': 'You have been signed out.',
  'email-verified-success': 'Your email address is verified. Sign in to continue.',
  'email-verified-failed': 'This verification link is invalid or has expired.',

  'footer-copyright': '© {{year}} Encore. All rights reserved.',
  'footer-privacy': 'Privacy Policy',
  'footer-terms': 'Terms of Service',
  'footer-support': 'Support: {{email}}',

  'cookie-message':
    'Encore uses cookies and local storage to keep you signed in and to remember your settings.',
  'cookie-accept': 'Accept',
  'cookie-privacy': 'Learn more',

  'hero-eyebrow': 'Live concerts · Streamed',
  'hero-title': 'The front row, wherever you are.',
  'hero-subtitle':
    'Multi-camera live shows in up to 4K, with fans around the world chatting and cheering beside you.',
  'hero-cta-sign-up': 'Create your account',
  'hero-cta-sign-in': 'I have an account',
  'hero-welcome': 'Welcome back, {{username}}.',
  'hero-welcome-sub': 'Your seat is saved. When doors open, you’ll enter the show from here.',
  'hero-feature-multiview': 'Switch camera angles live',
  'hero-feature-4k': 'Up to 4K picture',
  'hero-feature-chat': 'Chat and cheer together',

  'announcement-title': 'Invited to a show?',
  'announcement-body': 'Invited users are contacted by email and must log in with the same address.',

  'access-title': 'Livestream access',
  'access-intro': 'Three steps from ticket to front row.',
  'access-step-1-title': 'Get a ticket',
  'access-step-1-body':
    'Buy one on an official ticket shop, here on Encore, or through the artist’s fan platform.',
  'access-step-2-title': 'Confirm it',
  'access-step-2-body':
    'Sign in with the account your ticket belongs to, or enter your booking number with your purchase email.',
  'access-step-3-title': 'Enter the show',
  'access-step-3-body':
    'Doors open {{minutes}} minutes before the show starts. Grab your spot and say hi in chat.',
  'access-tier-hd-title': 'HD Multiview ticket',
  'access-tier-hd-body': 'Watch every camera angle in HD and switch between them at any time.',
  'access-tier-4k-title': '4K ticket',
  'access-tier-4k-body': 'Everything in HD Multiview, plus the 4K view.',
  'access-devices': 'A ticket works on up to {{count}} devices at the same time and is not shareable.',

  'requirements-title': 'System requirements',
  'requirements-os': 'Operating system',
  'requirements-os-value': 'Mac OS 10.12+, Windows 7+, iOS 13.6+, Android 8+',
  'requirements-browser': 'Browser',
  'requirements-browser-value': 'Chrome 70+, Safari 13.1.2, Firefox 39+, Edge 42+',
  'requirements-bandwidth': 'Internet speed',
  'requirements-bandwidth-value': 'At least {{hd}} Mbps ({{uhd}} Mbps for 4K)',
  'requirements-quality': 'Video quality',
  'requirements-quality-value': '360p to 1080p, or auto',

  'event-notice-title': 'The stage is dark right now',
  'event-not-started': 'The concert has not started yet or has already ended.',
  'event-back-home': 'Back to home',
};

export type MessageKey = keyof typeof core | keyof typeof enAuth;
export type Messages = Record<MessageKey, string>;
// Plain strings, so i18next checks the keys but does not infer interpolation types per text.
export const en: Record<keyof typeof core, string> = core;
