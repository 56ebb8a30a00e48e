import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer (ASVS 14.4, docs/decisions.md "Credentials and sessions"), set by
 * @fastify/helmet: a Content-Security-Policy without inline script, frame-ancestors, nosniff,
 * Referrer-Policy, and HSTS in production only (a development server on http://localhost must not
 * teach the browser to insist on HTTPS there). Besides (issue 29): a Permissions-Policy, no-store on
 * API answers, and the app's page gets a policy of its own with a nonce per answer (appPagePolicy).
 */

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? [u.origin] : [];
  } catch {
    // A relative URL (SHOP_PRODUCTS_URL's default, KEY_URI_BASE on the origin) is 'self'.
    return [];
  }
};

const STRIPE = {
  script: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};
/** The Cast sender SDK and the framework it loads (cast-sender.ts). */
const CAST_SCRIPT = ['https://www.gstatic.com'];
/** The Buy Button library calls the shop's storefront API on its own domain. */
const SHOPIFY_CONNECT = ['https://*.myshopify.com'];

const unique = (list: string[]) => [...new Set(list)];

/**
 * The browser features the app uses, for itself only (issue 29): the player (fullscreen, autoplay, EME
 * for DRM, picture-in-picture) and the control room's copy button. The light-stick's Web Bluetooth is
 * not listed: Chromium does not know `bluetooth` as a policy feature (it warns "Unrecognized feature"
 * in every page's console), and it is never offered to another origin's frame anyway.
 * Everything else a page could ask for is off, for this page and any frame in it (the event's
 * embedded page included). No payment: the card form is the app's own (testpay-style), not the
 * Payment Request API.
 */
export const PERMISSIONS_POLICY = [
  'autoplay=(self)',
  'clipboard-write=(self)',
  'encrypted-media=(self)',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Answers under these carry tokens, keys and client secrets: never stored by a browser or proxy. */
const NO_STORE_PREFIXES = ['/thor/', '/testpay/', '/dev/'];

/**
 * The policy's directives, from the configuration: what the app itself loads, plus the CSP_* lists.
 * `script-src` is `'self'` alone here (the policy of every answer but the app's page: JSON, media,
 * /docs); the app's page adds its nonce and `'strict-dynamic'` (appPagePolicy), so no third-party
 * host is allow-listed for scripts anywhere.
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const { csp } = config;
  const stripe = config.payments.provider === 'stripe';
  const shopScript = originOf(config.shop.scriptUrl);
  const shopify = shopScript.some((o) => o.endsWith('shopifycdn.com'));
  const player = [
    ...csp.playerOrigins,
    ...originOf(config.media.keyUriBase),
    ...originOf(config.media.teaserUrl),
    ...originOf(config.drm.drmtoday?.licenceUrl),
  ];
  return {
    defaultSrc: ["'self'"],
    // No 'unsafe-inline' and no 'unsafe-eval'.
    scriptSrc: ["'self'"],
    // React's style attributes and the boot spinner's <style> in index.html need inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Product pictures, profile images and cheer art come from any HTTPS host.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    // hls.js and Shaka feed the <video> through MediaSource (blob:) and run workers from blob:.
    // hls.js gives each subtitle <track> it makes an empty 'data:,WEBVTT' source (its cues come by
    // script): refused, it was a CSP error in the console of every viewer with captions.
    mediaSrc: unique(["'self'", 'blob:', 'data:', ...player]),
    workerSrc: ["'self'", 'blob:'],
    connectSrc: unique([
      "'self'",
      ...player,
      ...originOf(config.shop.productsUrl),
      ...(shopify ? SHOPIFY_CONNECT : []),
      ...csp.shopOrigins,
      ...(stripe ? STRIPE.connect : []),
      ...csp.paymentOrigins,
      ...csp.partnerOrigins,
    ]),
    // An event configuration embeds a page of its choosing (iframe_src, sandboxed), so any HTTPS frame.
    frameSrc: unique(["'self'", 'https:', ...(stripe ? STRIPE.frame : [])]),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: csp.frameAncestors,
    ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The hosts the app's scripts load others from (the Cast SDK, the shop library, payment and partner
 * SDKs): only the fallback of a browser without 'strict-dynamic' (Safari before 15.4, which the
 * landing still promises), which would otherwise refuse them. A CSP 3 browser ignores every host
 * next to 'strict-dynamic'.
 */
function scriptHostFallback(config: Config): string[] {
  const { csp } = config;
  return unique([
    ...(config.casting ? CAST_SCRIPT : []),
    ...originOf(config.shop.scriptUrl),
    ...csp.shopOrigins,
    ...(config.payments.provider === 'stripe' ? STRIPE.script : []),
    ...csp.paymentOrigins,
    ...csp.partnerOrigins,
  ]);
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The app page's policy for a nonce (issue 29): the directives above with `script-src 'self'
 * 'nonce-<n>' 'strict-dynamic'`. Browsers with CSP level 3 then run the page's nonced scripts and
 * what they load (Vite's chunks, the Cast SDK, the shop library, a payment or partner script inserted
 * by the app), and ignore 'self' and the hosts after it, which are the fallback of a browser without
 * 'strict-dynamic' (scriptHostFallback). Built once: each answer only puts its nonce in.
 */
export function appPagePolicy(config: Config): (nonce: string) => string {
  const MARK = '\u0000nonce\u0000';
  const directives = {
    ...cspDirectives(config),
    scriptSrc: ["'self'", `'nonce-${MARK}'`, "'strict-dynamic'", ...scriptHostFallback(config)],
  };
  const [before, after] = Object.entries(directives)
    .map(([name, sources]) => [kebab(name), ...sources].join(' '))
    .join(';')
    .split(MARK);
  return (nonce) => `${before}${nonce}${after}`;
}

/**
 * The headers @fastify/helmet sets for this configuration, worked out once. The plugin builds
 * helmet's middleware anew on every request (parsing the policy each time: 5 % of a cheer post's
 * CPU in a profile, docs/benchmarks.md); the headers depend on the configuration only, so a
 * throwaway app with the plugin answers one request at start-up and its headers are kept.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  let headers: [string, string][] = [];
  await probe.register(fastifyHelmet, options);
  probe.get('/', async (_req, reply) => {
    // Only the onRequest hooks (helmet's) have run: these are the plugin's headers and no others.
    headers = Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]);
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const ancestors = config.csp.frameAncestors;
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Browsers without frame-ancestors get the nearest X-Frame-Options; a list of origins has none.
    xFrameOptions:
      ancestors.length === 1 && ancestors[0] === "'none'"
        ? { action: 'deny' }
        : ancestors.length === 1 && ancestors[0] === "'self'"
          ? { action: 'sameorigin' }
          : false,
    // The partner login popup answers through window.opener.postMessage: keep the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // Links and the reset page's URL never leave the site whole: other origins see the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity:
      config.env === 'production' ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
  });
  if (!headers.some(([name]) => name === 'content-security-policy')) {
    throw new Error('security headers: helmet set no Content-Security-Policy');
  }
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  // On the raw response, as helmet does: a route's own reply.header (a stricter CSP) still wins.
  // Callback hooks, not async ones: no promise per request on the hot paths.
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    // Media may be fetched by a CDN in front of the origin, or by a Cast receiver on another origin.
    if (req.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    // ASVS 8.2.1: a login's token, the user, a DRM token, a stream key, a client_secret ... are never
    // kept in a browser's or a proxy's cache. A route that chose its caching (public sticker images,
    // the wall stats) keeps its own header.
    else if (!reply.hasHeader('cache-control') && NO_STORE_PREFIXES.some((p) => req.url.startsWith(p))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
