import { ClientConfig } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { ConfigError, parseConfig } from './config.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('GET /config.json answers the client configuration entity', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    const config = ClientConfig.parse(res.json());
    expect(config).toMatchObject({
      thor_app_version: '1.10.6',
      thor_app_platform: 'web',
      auth_system: 'email',
    });
    expect(config.languages.map((l) => l.locale)).toEqual(['en', 'ja', 'ko', 'zh-cn']);
  });

  it('GET /healthz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('GET /livez answers from the process alone: with the database gone /healthz is 503, /livez 200', async () => {
    // The balancer checks /livez: a shared part's outage must not take every node out at once.
    const own = await createTestContext();
    try {
      await own.db.destroy();
      const health = await own.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json().failing).toContain('database');
      const live = await own.app.inject({ method: 'GET', url: '/livez' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await own.close();
    }
  });

  it('serves the OpenAPI document built from the route schemas at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/thor/auth/email_login/', '/thor/auth/email_register/', '/thor/users/{id}/']),
    );
  });

  it('every answer carries a request id; a sane incoming one is kept', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('unknown API paths are a JSON 404; malformed JSON is a 400 with a code', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/thor/nope/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/thor/auth/email_login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBeTruthy();
  });

  it('GET /dev/outbox lists mail outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });
});

describe('configuration', () => {
  it('lists every bad variable at once', () => {
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/REDIS_URL/);
    }
  });

  it('production needs PUBLIC_URL and SMTP_URL and never seeds demo data', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL[\s\S]*SMTP_URL/);
    const prod = parseConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://encore.example',
      SMTP_URL: 'smtp://mail:25',
      DRM_TOKEN_SECRET: 'a-production-secret-of-32-chars!',
    });
    expect(prod.demo.enabled).toBe(false);
    expect(parseConfig({}).demo.enabled).toBe(true);
  });
});

describe('the web app', () => {
  it('serves index.html for / and for client routes, hashed assets immutable, API misses as JSON', async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises');
    const path = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = await mkdtemp(path.join(tmpdir(), 'encore-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Encore</title>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const ctx = await createTestContext({ WEB_DIST: dist });
    try {
      for (const url of ['/', '/reset-password/1z-abc']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Encore</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // Written after start-up: served without a restart.
      await writeFile(path.join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
      expect((await ctx.app.inject({ method: 'GET', url: '/assets/late-def456.js' })).statusCode).toBe(200);
      const api = await ctx.app.inject({ method: 'GET', url: '/thor/nothing/' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
    } finally {
      await ctx.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
