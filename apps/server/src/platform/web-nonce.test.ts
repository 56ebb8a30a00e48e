import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EnterEventResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING } from '../../test/commerce-fixtures.ts';
import { auth, createShow, createUser, joinedFan, login, STRONG_PASSWORD } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { CSP_NONCE_PLACEHOLDER } from './web.ts';

/**
 * Issue 29, item 8: no-store on answers carrying secrets, a Permissions-Policy, and the app's page
 * under a nonce policy with 'strict-dynamic' instead of allow-listed script hosts.
 */
let t: TestContext;
let dist: string;
const P = CSP_NONCE_PLACEHOLDER;
/** What the web build writes (Vite's html.cspNonce), and one script the build did not nonce. */
const INDEX = `<!doctype html><html><head><title>Encore</title><meta property="csp-nonce" nonce="${P}">
<script type="module" crossorigin src="/assets/index-abc.js" nonce="${P}"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-abc.js" nonce="${P}">
<link rel="modulepreload" crossorigin href="/assets/other-abc.js">
<script src="/assets/legacy.js"></script>
</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'encore-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestContext({
    WEB_DIST: dist,
    CSP_PARTNER_ORIGINS: 'https://account.partner.example',
  });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const scriptSrc = (header: unknown) =>
  /(?:^|;)\s*script-src ([^;]*)/.exec(String(header))?.[1]?.split(' ') ?? [];

describe("the app's page: a nonce per answer and 'strict-dynamic'", () => {
  it('puts a fresh nonce on every script, preload and the nonce meta, and only that nonce in the policy', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/event/no-such-show', '/privacy']) {
      const res = await t.app.inject({ url });
      const src = scriptSrc(res.headers['content-security-policy']);
      expect(src).toContain("'strict-dynamic'");
      expect(src).not.toContain("'unsafe-inline'");
      // Hosts only after 'strict-dynamic', which makes a CSP 3 browser ignore them: Stripe, partner
      // and shop scripts come in through the app's nonced ones (the merch e2e loads the shop's).
      expect(src.slice(0, 3)).toEqual(["'self'", expect.stringMatching(/^'nonce-/), "'strict-dynamic'"]);
      expect(src.slice(3).every((s) => s.startsWith('https://'))).toBe(true);
      expect(src).toContain('https://account.partner.example');
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(src.join(' '))?.[1] ?? '';
      expect(nonce, url).not.toBe('');
      nonces.add(nonce);
      expect(res.body).not.toContain(P);
      const tags = res.body.match(/<script\b[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? [];
      expect(tags).toHaveLength(4);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    }
    expect(nonces.size).toBe(3);
  });

  it('other answers keep script-src self alone, without a nonce', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
  });
});

describe('Permissions-Policy', () => {
  it('allows what the app uses (the player) for itself, denies camera, microphone, geolocation, payment', async () => {
    for (const url of ['/', '/thor/auth/user/', '/healthz']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
      // The light-stick's Bluetooth is never denied (Chromium knows no `bluetooth` policy feature).
      expect(policy, url).not.toContain('bluetooth');
      for (const allowed of ['fullscreen', 'autoplay', 'encrypted-media', 'picture-in-picture']) {
        expect(policy, url).toContain(`${allowed}=(self)`);
      }
      for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy, url).toMatch(new RegExp(`(^|, )${denied}=\\(\\)`));
      }
    }
  });
});

describe('Cache-Control: no-store on answers carrying secrets (ASVS 8.2.1)', () => {
  it('login, register, the user, a DRM token, a client_secret and errors are never stored', async () => {
    const user = await createUser(t.db);
    const loginRes = await t.app.inject({
      method: 'POST',
      url: '/thor/auth/email_login/',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(loginRes.statusCode).toBe(200);
    const headers = auth(await login(t.app, user.email));
    const register = await t.app.inject({
      method: 'POST',
      url: '/thor/auth/email_register/',
      payload: {
        email: `new-${Date.now()}@encore.test`,
        password: STRONG_PASSWORD,
        username: `n${Date.now()}`,
      },
    });
    const me = await t.app.inject({ url: '/thor/auth/user/', headers });
    expect(me.statusCode).toBe(200);
    const billing = await t.app.inject({
      method: 'POST',
      url: '/thor/pg/billing_info/',
      headers,
      payload: { billing: BILLING },
    });
    expect(billing.statusCode, billing.body).toBe(201);
    expect(billing.json().client_secret).toBeTruthy();

    const show = await createShow(t.db, { startIn: -10, enterIn: -30 });
    const fan = await joinedFan(t.app, t.db, show);
    const enter = await t.app.inject({
      method: 'POST',
      url: `/thor/shows/${show.slug}/enter/`,
      headers: fan.headers,
    });
    const qs = new URLSearchParams({
      video: String(show.channel_id),
      stream: 'mix-stream1',
      paid_event: String(show.paid_event_id),
      stream_type: 'hls',
      session_id: EnterEventResponse.parse(enter.json()).session_id,
    });
    const drm = await t.app.inject({ url: `/thor/video/drm/?${qs}`, headers: fan.headers });
    expect(drm.statusCode, drm.body).toBe(200);
    const refused = await t.app.inject({ url: '/thor/auth/user/' });
    expect(refused.statusCode).toBe(401);

    for (const [name, res] of Object.entries({ loginRes, register, me, billing, drm, refused })) {
      expect(res.headers['cache-control'], `${name} ${res.statusCode}`).toMatch(/no-store/);
    }
    // Public answers that chose their caching keep it.
    const config = await t.app.inject({ url: '/config.json' });
    expect(config.headers['cache-control']).toBe('public, max-age=5');
  });
});
