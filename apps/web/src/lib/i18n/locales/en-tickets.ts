import { TICKET_TEXT_EN } from '@encore/contract';

/**
 * English texts of the ticket dialogs (validation and buy), loaded together with them. The spec's
 * copy of the manual check comes from the contract unchanged (typos of the source included).
 */
export const enTickets = {
  'validate-title': 'Validate your ticket',
  'validate-subtitle': 'Enter your booking number and the email address you used for the purchase.',
  'validate-email': 'Purchase email',
  'validate-code': 'Booking number',
  'validate-submit': 'Validate',
  'validate-success': 'Your ticket is confirmed. Enjoy the show!',
  'ticket-email-invalid': TICKET_TEXT_EN.invalidEmail,
  'ticket-code-short': 'A booking number has at least {{min}} characters.',
  'ticket-error-402': TICKET_TEXT_EN.noAccessPass,
  'ticket-error-406': TICKET_TEXT_EN.invalidTicket,
  'ticket-error-409': TICKET_TEXT_EN.alreadyRedeemed,
  'ticket-error-412': TICKET_TEXT_EN.emailNotRecognized,
  'ticket-error-415': TICKET_TEXT_EN.merchCode,
  'ticket-error-429': TICKET_TEXT_EN.inProgress,
  'ticket-error-other': `${TICKET_TEXT_EN.noAccessPass} ({{status}})`,
  'ticket-error-no-response': 'No response from the ticket service. Please try again.',
  'ticket-error-weverse': TICKET_TEXT_EN.weverseNotFound,
  'ticket-error-not-in-account': 'There is no ticket for this show on your account.',

  'vendor-select-title': 'Where did you get your ticket?',
  'vendor-select-subtitle': 'Choose where you bought it, and we’ll ask for the right details.',
  'vendor-select-code': 'Booking number and email',
  'vendor-select-account': 'Bought with this account',
  'vendor-check-title': 'Your {{vendor}} ticket',
  'vendor-checking': 'Looking for a ticket to {{show}} on your account…',
  'vendor-check-again': 'Check again',
  'vendor-use-code': 'I have a booking number',
  'vendor-other': 'Bought it on {{vendor}}?',
  'vendor-back': 'Back',

  'buy-title': 'Buy a ticket',
  'buy-lead': 'Tickets for {{show}} are sold by these official shops.',
  'buy-open': 'Buy on {{vendor}}',
  'buy-none': 'Tickets for this show are not on sale online right now.',
  'buy-after': 'Bought one? Come back here and validate it with your booking number.',
  'buy-have-code': 'I have a booking number',
  'buy-qr': 'Scan to buy on your phone',
};
