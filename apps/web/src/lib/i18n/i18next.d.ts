import 'i18next';
import type { Messages } from './locales/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    keySeparator: false;
    nsSeparator: false;
    returnNull: false;
  }
}
