import { APP, ClientConfig, LOCALES } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  'zh-cn': '简体中文',
};

export function buildClientConfig(config: Config): ClientConfig {
  return {
    thor_app: APP.name,
    thor_app_version: APP.version,
    thor_app_platform: APP.platform,
    privacy_base_link: '/privacy',
    terms_base_link: '/terms',
    support_email: config.supportEmail,
    auth_system: 'email',
    colors: { primary: '#ff4fd8', secondary: '#7b5cff', background: '#0b0912' },
    logo: '/logo.svg',
    languages: LOCALES.map((locale) => ({ locale, text: LANGUAGE_NAMES[locale] })),
    create_account_email: config.supportEmail,
    landing: {
      header_image: '/hero.svg',
      header_image_mobile: '/hero-mobile.svg',
      show_countdown: true,
      merch_store: { enabled: false, title: '', url: '' },
    },
    teaser_video: null,
    features: { purchases: false, date_of_birth: true, maintenance: false },
    shows: [],
  };
}

/** GET /config.json: the client's first call (accounts section 7); short-cached for a CDN. */
export function clientConfigRoutes(deps: { config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config.json',
      { schema: { tags: ['config'], response: { 200: ClientConfig } } },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=5');
        return buildClientConfig(deps.config);
      },
    );
  };
}
