import type { enAuth } from './en-auth.ts';
import type { enChat } from './en-chat.ts';
import type { enControl } from './en-control.ts';
import type { enEvent } from './en-event.ts';
import type { enLanding } from './en-landing.ts';
import type { enNotices } from './en-notices.ts';
import type { enPlayer } from './en-player.ts';
import type { enTickets } from './en-tickets.ts';

/**
 * English is the default and fallback locale. These texts ship in the entry chunk; texts only a lazy
 * feature shows load with it (landing JS budget): en-auth.ts with the sign-in, registration and
 * password forms, en-tickets.ts with the ticket dialogs, en-event.ts with the event page,
 * en-landing.ts with the landing's sections below the ticketing block, en-notices.ts with the notice
 * modal, the help widget, the not-found page and the footer (landing entry budget,
 * issue 14).
 * messages.test.ts checks that a deferred key is used only where its file is loaded. Other locales
 * translate every key of every file: their type is `Messages`, so a missing key fails the type check.
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

  'skip-to-content': 'Skip to content',
  'nav-main': 'Main navigation',
  'nav-home': 'Encore home',
  'nav-language': 'Language',
  'nav-sign-in': 'Sign in',
  'nav-sign-up': 'Sign up',
  'nav-host': 'Host',

  'modal-close': 'Close',
  'modal-cancel': 'Cancel',
  'password-show': 'Show password',
  'password-hide': 'Hide password',

  'email-verified-success': 'Your email address is verified. Sign in to continue.',
  'email-verified-failed': 'This verification link is invalid or has expired.',

  'hero-eyebrow': 'Live concerts · Streamed',
  'hero-title': 'The front row, wherever you are.',
  'hero-subtitle':
    'Multi-camera live shows in up to 4K, with fans around the world chatting and cheering beside you.',
  'hero-cta-sign-up': 'Create your account',
  'hero-cta-sign-in': 'I have an account',
  'hero-welcome': 'Welcome back, {{username}}.',
  'hero-welcome-sub': 'Your seat is saved. When doors open, you’ll enter the show from here.',
  'hero-welcome-live': 'The show is live. Enter from the show card below.',
  'hero-welcome-open': 'Doors are open. Enter from the show card below.',
  'hero-feature-multiview': 'Switch camera angles live',
  'hero-feature-4k': 'Up to 4K picture',
  'hero-feature-chat': 'Chat and cheer together',

  'announcement-title': 'Invited to a show?',
  'announcement-body': 'Invited users are contacted by email and must log in with the same address.',

  'show-next': 'Next show',
  'show-status-upcoming': 'Upcoming',
  'show-status-open': 'Doors open',
  'show-status-live': 'Live now',
  'show-starts': 'Show starts',
  'show-doors': 'Doors open',
  'show-time-kst': '{{date}} · {{time}} KST',
  'show-time-local': 'Your time: {{date}} · {{time}} {{zone}}',
  'reairing-title': 'Re-airing',
  'countdown-title': 'Doors open in',
  'countdown-days': 'Days',
  'countdown-hours': 'Hours',
  'countdown-minutes': 'Min',
  'countdown-seconds': 'Sec',
  'countdown-label': '{{days}} days, {{hours}} hours, {{minutes}} minutes, {{seconds}} seconds',
  'countdown-almost-over': 'Almost time! Doors open in a few minutes.',
  'stage-open-title': 'Doors are open',
  'stage-open-body': 'The show starts at {{time}}.',
  'stage-live-title': 'The show is live',
  'stage-live-body': 'It started at {{time}}.',
  'stage-ended-title': 'The show has ended',
  'stage-ended-body': 'The replay is ready: enter below with your ticket to watch it from the start.',

  'ticket-login-prompt': 'Log in to confirm your ticket status',
  'ticket-checking': 'Checking your ticket…',
  'ticket-check-failed': 'We couldn’t confirm your ticket just now.',
  'ticket-retry': 'Try again',
  'ticket-no-invite': 'There is no ticket or invitation for this show on your account yet.',
  'ticket-buy': 'Buy ticket',
  'ticket-validate': 'Validate ticket',
  'ticket-confirmed': 'Ticket confirmed',
  'ticket-enter': 'Enter show',
  'ticket-enter-at': 'Your entry opens at {{time}}',
  'ticket-type-directors': 'Directors',
  'ticket-type-ga': 'GA',
  'ticket-type-vip': 'VIP',
  'entitlement-type': '{{type}} ticket',
  'entitlement-angles': '{{count}} camera angles',
  'entitlement-single': 'Single camera',
  'entitlement-4k': '4K',

  'no-shows-title': 'No shows on the schedule right now',
  'no-shows-body': 'New shows are announced by email. Check back soon.',
  'new-tab': '(opens in a new tab)',

  'route-load-failed-title': 'This page didn’t load',
  'route-load-failed': 'Check your connection and try again.',
  'route-retry': 'Retry',

  // The cookie message is in the page's flow under the top bar from the first paint (issue 26: a
  // banner that loaded later floated over Buy and Validate), so its texts ship with the entry.
  'cookie-message':
    'Encore uses cookies and local storage to keep you signed in and to remember your settings.',
  'cookie-accept': 'Accept',
  'cookie-privacy': 'Learn more',
};

export type MessageKey =
  | keyof typeof core
  | keyof typeof enAuth
  | keyof typeof enTickets
  | keyof typeof enEvent
  | keyof typeof enLanding
  | keyof typeof enChat
  | keyof typeof enPlayer
  | keyof typeof enControl
  | keyof typeof enNotices;
export type Messages = Record<MessageKey, string>;
// Plain strings, so i18next checks the keys but does not infer interpolation types per text.
export const en: Record<keyof typeof core, string> = core;
