import { APP, ClientConfig, LOCALES, type Show } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { CatalogEntry, ShowsService } from '../shows/shows.service.ts';

/** The landing's header art, 16:9; also the viewer's poster until the first frame (show pages preload it). */
export const HEADER_IMAGE = '/hero.svg';

const LANGUAGE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  'zh-cn': '简体中文',
};

export function buildClientConfig(config: Config, shows: Show[], teaser: string | null = null): ClientConfig {
  return {
    thor_app: APP.name,
    thor_app_version: APP.version,
    thor_app_platform: APP.platform,
    privacy_base_link: '/privacy',
    terms_base_link: '/terms',
    support_email: config.supportEmail,
    auth_system: config.authSystem,
    partner_account_url: config.authSystem === 'weverse' ? (config.partner?.accountUrl ?? null) : null,
    colors: { primary: '#ff4fd8', secondary: '#7b5cff', background: '#0b0912' },
    logo: '/logo.svg',
    languages: LOCALES.map((locale) => ({ locale, text: LANGUAGE_NAMES[locale] })),
    create_account_email: config.supportEmail,
    landing: {
      header_image: HEADER_IMAGE,
      header_image_mobile: '/hero-mobile.svg',
      show_countdown: true,
      merch_store: config.merchStore.url
        ? { enabled: true, title: config.merchStore.title, url: config.merchStore.url }
        : { enabled: false, title: '', url: '' },
    },
    teaser_video: teaser,
    lightstick: {
      name_prefix: config.lightstick.namePrefix,
      service_uuid: config.lightstick.serviceUuid,
      characteristic_uuid: config.lightstick.characteristicUuid,
    },
    shop: { script_url: config.shop.scriptUrl, products_url: config.shop.productsUrl },
    program_pdf: '/program.pdf',
    features: {
      // The web's card form speaks testpay only; with Stripe the purchase entry points stay hidden until
      // the web mounts Stripe.js Elements (docs/decisions.md), so no Buy button leads to a dead end.
      purchases: config.payments.provider === 'testpay',
      date_of_birth: true,
      maintenance: false,
      casting: config.casting,
    },
    shows,
  };
}

const sameEntries = (a: readonly CatalogEntry[], b: readonly CatalogEntry[]) =>
  a.length === b.length && a.every((e, i) => e === b[i]);

/**
 * GET /config.json: the client's first call (accounts section 7), with the listed shows. Every fan
 * loads it at doors-open: the body is validated and serialized once per change of the show list (the
 * catalogue keeps that list in memory) and then sent as it is; short-cached for a CDN as well.
 */
export function clientConfigRoutes(deps: {
  config: Config;
  shows: ShowsService;
  /** The teaser video's URL, if any: it comes and goes with the media cache. */
  teaser?: () => Promise<string | null>;
}): FastifyPluginAsyncZod {
  let memo: { shows: CatalogEntry[]; teaser: string | null; body: string } | null = null;
  return async (app) => {
    app.get(
      '/config.json',
      { schema: { tags: ['config'], response: { 200: ClientConfig } } },
      async (_req, reply) => {
        const shows = await deps.shows.listed();
        const teaser = (await deps.teaser?.()) ?? null;
        if (!memo || !sameEntries(memo.shows, shows) || memo.teaser !== teaser) {
          const config = buildClientConfig(
            deps.config,
            shows.map((e) => e.show),
            teaser,
          );
          memo = { shows, teaser, body: JSON.stringify(ClientConfig.parse(config)) };
        }
        // A string with a JSON content type is sent as it is, without the per-request serializer; the
        // cast only tells the type provider that this string is the ClientConfig it already checked.
        const body = memo.body as unknown as ClientConfig;
        return reply.header('cache-control', 'public, max-age=5').type('application/json').send(body);
      },
    );
  };
}
