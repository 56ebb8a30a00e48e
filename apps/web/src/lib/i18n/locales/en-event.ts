/** English texts of the event page, loaded together with its chunk. */
export const enEvent = {
  'event-entering': 'Taking you to your seat…',
  'event-lobby': 'Lobby',
  'event-in-title': 'You’re in.',
  'event-starts-at': 'The stream starts at {{time}}.',
  'event-live-now': 'The show is live now.',
  'event-stage-note': 'Keep this page open: this is your seat for the show.',
  'event-your-ticket': 'Your ticket',
  'event-devices-label': 'Devices',
  'event-devices': '{{count}} of {{max}} devices connected',
  'event-connection': 'Connection',
  'event-connection-open': 'Connected',
  'event-connection-connecting': 'Connecting…',
  'event-connection-reconnecting': 'Reconnecting…',
  'event-connection-idle': 'Not connected',
  'event-connection-dropped':
    "Your connection dropped. Reconnecting… The show goes on, and you'll be back in it.",
  'event-chat-disabled':
    'Chat is off in this tab while several devices use your ticket. Close the other devices and reload the page to chat again.',
  'event-session-revoked': 'You were signed out: this account’s session ended on another device.',
  'event-leave': 'Leave show',

  'event-notice-title': 'The stage is dark right now',
  'event-not-started': 'The concert has not started yet or has already ended.',
  'event-doors-at': 'Doors open at {{time}}.',
  'event-reairing-doors': 'Re-airing: doors open on {{date}} at {{time}} KST — enter and chat live again.',
  'event-back-home': 'Back to home',
  'event-login-title': 'Sign in to enter',
  'event-login-body': 'This show is for ticket holders. Sign in with the account your ticket belongs to.',
  'event-no-ticket-title': 'No ticket for this show',
  'event-no-ticket':
    'We couldn’t find a ticket for this show on your account. Validate your booking number to enter.',
  'event-ended-title': 'That’s a wrap',
  'event-ended': 'The concert is over. Thank you for watching!',
  'event-not-found-title': 'Show not found',
  'event-not-found': 'We couldn’t find this show. It may have moved or been removed.',
  'event-error-title': 'We couldn’t let you in',
  'event-join-failed': 'We could not join you to the concert. Please try again.',
  'event-server-error':
    'Sorry, something went wrong on our side while joining the concert. Please try again in a moment.',
  'event-try-again': 'Try again',
  'event-ticket-revoked-title': 'Ticket no longer valid',
  'event-ticket-revoked':
    'Your ticket for this show is no longer valid, so the show, its chat and its alerts have stopped. If you have another booking number, validate it to enter again.',
  'event-expired-title': 'Session expired',
  'event-session-expired': 'Your session has expired. Please re-enter the event.',
  // Live ingest (issue 11): the viewer's status after End show.
  'event-status-ended': 'Show ended',
};
