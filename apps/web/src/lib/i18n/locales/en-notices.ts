/**
 * English texts of the notice modal, the help widget, the not-found page and the footer: loaded
 * with them (the footer's and the help widget's share one fetch, 1 s and 2 s in).
 */
export const enNotices = {
  'notice-ok': 'OK',
  'notice-too-many-devices-title': 'Your ticket is in use elsewhere',
  'notice-too-many-devices':
    'Your ticket was opened on another device, so this one has left the show. A ticket works on up to {{count}} devices at a time. Tickets are not shareable.',
  'notice-maintenance-title': 'Scheduled maintenance',
  'notice-maintenance': 'Encore is under maintenance. The service will be back within two hours.',
  'notice-ios-update-title': 'Please update iOS',
  'notice-ios-update':
    'Your iOS version is older than {{version}}. Update your iPhone or iPad to iOS {{version}} or later to watch shows.',
  'help-open': 'Help',
  'help-title': 'Need a hand?',
  'help-body': 'Questions about tickets, devices or the stream? Our team answers by email.',
  'help-email': 'Email {{email}}',
  'not-found-title': 'Page not found',
  'not-found-body': 'This page does not exist or has moved. The show goes on at the home page.',
  'not-found-home': 'Go to the home page',

  'footer-copyright': '© {{year}} Encore. All rights reserved.',
  'footer-privacy': 'Privacy Policy',
  'footer-terms': 'Terms of Service',
  'footer-support': 'Support: {{email}}',
};
