import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@encore/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { htmlLang } from './locale.ts';
import { en, type Messages } from './locales/en.ts';

// Only English ships in the entry chunk; the others are fetched when chosen (landing JS budget).
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  ja: () => import('./locales/ja.ts').then((m) => m.ja),
  ko: () => import('./locales/ko.ts').then((m) => m.ko),
  'zh-cn': () => import('./locales/zh-cn.ts').then((m) => m.zhCn),
};

async function ensureBundle(locale: Locale): Promise<void> {
  if (locale === 'en' || i18next.hasResourceBundle(locale, 'translation')) return;
  i18next.addResourceBundle(locale, 'translation', await loaders[locale]());
}

function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = htmlLang(locale);
  document.title = i18next.t('document-title');
}

export async function initI18n(initial: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    // Keep `zh-cn` as written instead of i18next's `zh-CN`, and never look for a bare `zh` bundle.
    lowerCaseLng: true,
    load: 'currentOnly',
    partialBundledLanguages: true,
    // Keys are flat and contain dashes; the spec copy contains dots and colons.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18next.on('languageChanged', (lng) => applyDocumentLocale(lng as Locale));
  await changeLocale(initial).catch(() => changeLocale(DEFAULT_LOCALE));
  applyDocumentLocale(i18next.language as Locale);
}

/**
 * English texts that load with the feature showing them instead of with the landing route (see
 * locales/en.ts). The other locales are one file each and carry every key.
 */
const deferredTexts = {
  auth: () => import('./locales/en-auth.ts').then((m) => m.enAuth),
  tickets: () => import('./locales/en-tickets.ts').then((m) => m.enTickets),
  event: () => import('./locales/en-event.ts').then((m) => m.enEvent),
  landing: () => import('./locales/en-landing.ts').then((m) => m.enLanding),
  chat: () => import('./locales/en-chat.ts').then((m) => m.enChat),
  player: () => import('./locales/en-player.ts').then((m) => m.enPlayer),
  control: () => import('./locales/en-control.ts').then((m) => m.enControl),
  notices: () => import('./locales/en-notices.ts').then((m) => m.enNotices),
} satisfies Record<string, () => Promise<Record<string, string>>>;

export type DeferredTexts = keyof typeof deferredTexts;

const loading = new Map<DeferredTexts, Promise<void>>();

/** Loads one deferred English file once; a feature's lazy import waits for it. */
export function loadDeferredTexts(part: DeferredTexts): Promise<void> {
  let promise = loading.get(part);
  if (!promise) {
    promise = deferredTexts[part]().then((texts) => {
      i18next.addResources('en', 'translation', texts);
    });
    // A failed load (offline) may be retried by the next open.
    promise.catch(() => loading.delete(part));
    loading.set(part, promise);
  }
  return promise;
}

/** English texts of the auth forms; the forms' lazy import waits for them. */
export function loadAuthTexts(): Promise<void> {
  return loadDeferredTexts('auth');
}

export async function changeLocale(locale: Locale): Promise<void> {
  await ensureBundle(locale);
  await i18next.changeLanguage(locale);
}

export { i18next };
