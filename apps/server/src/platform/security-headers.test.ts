import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { cspDirectives } from './security-headers.ts';

const PROD = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://encore.example',
  SMTP_URL: 'smtp://mail:25',
  DRM_TOKEN_SECRET: 'a-production-secret-of-32-chars!',
};

/** The policy as a map of directive to its sources. */
function policy(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

let t: TestContext;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'encore-web-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Encore</title>');
  t = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('security headers (ASVS 14.4) on HTML, API and media answers', () => {
  it('every kind of answer carries the CSP, nosniff, Referrer-Policy and frame protection; no HSTS outside production', async () => {
    const answers = {
      html: await t.app.inject({ method: 'GET', url: '/' }),
      spaRoute: await t.app.inject({ method: 'GET', url: '/event/encore-live' }),
      api: await t.app.inject({ method: 'GET', url: '/thor/auth/user/' }),
      apiMiss: await t.app.inject({ method: 'GET', url: '/thor/nothing/' }),
      media: await t.app.inject({ method: 'GET', url: '/media/layouts/none.json' }),
      health: await t.app.inject({ method: 'GET', url: '/healthz' }),
    };
    for (const [name, res] of Object.entries(answers)) {
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('script-src'), name).toEqual(expect.arrayContaining(["'self'"]));
      expect(csp.get('script-src'), name).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src'), name).not.toContain("'unsafe-eval'");
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
    }
    expect(answers.html.statusCode).toBe(200);
    expect(answers.api.statusCode).toBe(401);
    // The players' blob: media and workers (hls.js, Shaka).
    const csp = policy(answers.html.headers['content-security-policy']);
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:']));
    expect(csp.get('worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    // A CDN or a Cast receiver may load media cross-origin; the rest stays same-origin.
    expect(answers.media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answers.html.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The partner login popup keeps its opener.
    expect(answers.html.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('production adds HSTS and upgrade-insecure-requests', async () => {
    const prod = await createTestContext(PROD);
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(policy(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await prod.close();
    }
  });

  it('the development partner page runs its one inline script by hash, nothing else inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/partner-account/' });
    expect(res.statusCode).toBe(200);
    const script = /<script>([\s\S]*)<\/script>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(policy(res.headers['content-security-policy']).get('script-src')).toEqual([`'sha256-${hash}'`]);
  });
});

describe('configured origins (CSP_*) and derived ones', () => {
  it('adds the player, payment, partner and shop origins where each is needed', () => {
    const config = parseConfig({
      CSP_PLAYER_ORIGINS: 'https://cdn.example.com, https://*.akamaized.net',
      CSP_PAYMENT_ORIGINS: 'https://pay.example.com',
      CSP_PARTNER_ORIGINS: 'https://account.partner.example',
      CSP_SHOP_ORIGINS: 'https://shop.example.com',
      CSP_FRAME_ANCESTORS: "'self' https://partner.example",
      TEASER_VIDEO_URL: 'https://video.example.com/teaser.mp4',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    const d = cspDirectives(config);
    expect(d.mediaSrc).toEqual(
      expect.arrayContaining([
        'https://cdn.example.com',
        'https://*.akamaized.net',
        'https://video.example.com',
      ]),
    );
    expect(d.connectSrc).toEqual(
      expect.arrayContaining([
        'https://cdn.example.com',
        'https://pay.example.com',
        'https://api.stripe.com',
      ]),
    );
    expect(d.connectSrc).toEqual(
      expect.arrayContaining(['https://account.partner.example', 'https://shop.example.com']),
    );
    // Issue 29: no host is allow-listed for scripts; the app's page trusts its nonce and what its
    // nonced scripts load ('strict-dynamic', web-nonce.test.ts).
    expect(d.scriptSrc).toEqual(["'self'"]);
    expect(d.frameAncestors).toEqual(["'self'", 'https://partner.example']);
  });

  it('refuses values that are not origins (a path, another directive smuggled in)', () => {
    for (const bad of [
      'https://cdn.example.com/path',
      "https://a.example; script-src 'unsafe-inline'",
      'cdn.example.com',
    ]) {
      try {
        parseConfig({ CSP_PLAYER_ORIGINS: bad });
        expect.unreachable(bad);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).problems.join('\n')).toMatch(/CSP_PLAYER_ORIGINS/);
      }
    }
    expect(() => parseConfig({ CSP_FRAME_ANCESTORS: '*' })).toThrow(/CSP_FRAME_ANCESTORS/);
  });
});

describe('the DRM token secret in production (ASVS 6.4)', () => {
  it('refuses a low-entropy secret, naming the variable; accepts random bytes', () => {
    for (const weak of [
      'changemechangemechangemechangeme',
      'a'.repeat(48),
      'abcdefghijklmnopqrstuvwxyz0123456789',
    ]) {
      try {
        parseConfig({ ...PROD, DRM_TOKEN_SECRET: weak });
        expect.unreachable(weak);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).problems.join('\n')).toMatch(/DRM_TOKEN_SECRET: too weak/);
      }
    }
    const strong = 'Zq4nN2mR7xV-0pLs9kW3bT8yH1cJ6fGd';
    expect(parseConfig({ ...PROD, DRM_TOKEN_SECRET: strong }).drm.tokenSecret.toString()).toBe(strong);
    // Outside production a development secret may be anything of the length.
    expect(() => parseConfig({ DRM_TOKEN_SECRET: 'a'.repeat(48) })).not.toThrow();
  });
});
