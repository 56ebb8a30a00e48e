import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { connectAs, realtimeUrl } from '../../test/realtime-client.ts';
import { ConfigError, parseConfig } from '../config.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(authorization?: string) {
  return t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
}

/** The value of one series line, e.g. `encore_realtime_sockets` or `x{a="b"}`. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('refuses a scrape without the bearer token, or with another one', async () => {
    const none = await scrape();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await scrape(`Bearer ${TOKEN.replace('0', '1')}`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('serves Prometheus text: latency per route pattern, sockets, deliveries, lags, pool, batches, caches', async () => {
    const user = await createUser(t.db);
    const key = await login(t.app, user.email);
    // Two authenticated calls: the session lookup misses the node cache, then hits it.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: '/thor/auth/user/', headers: { authorization: `Token ${key}` } });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const { socket } = await connectAs(await realtimeUrl(t.app), key);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    for (const name of [
      'encore_http_request_duration_seconds',
      'encore_realtime_sockets',
      'encore_realtime_channels',
      'encore_realtime_deliveries_total',
      'encore_realtime_delivered_events_total',
      'encore_realtime_tick_lag_seconds',
      'encore_realtime_fanout_seconds',
      'encore_bus_lag_seconds',
      'encore_event_loop_delay_p50_seconds',
      'encore_event_loop_delay_p99_seconds',
      'encore_event_loop_delay_max_seconds',
      'encore_db_pool_clients',
      'encore_db_pool_acquire_seconds',
      'encore_batch_size',
      'encore_cache_requests_total',
      'encore_ingest_connected',
      'encore_ingest_last_frame_age_seconds',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    // The route's pattern, never the raw URL (a label per user id would grow without end).
    expect(text).toMatch(
      /^encore_http_request_duration_seconds_count\{method="GET",route="\/thor\/auth\/user\/",status_code="200"\} [1-9]/m,
    );
    expect(text).toMatch(/route="\/healthz"/);
    expect(text).not.toMatch(/route="\/metrics"/);
    expect(seriesValue(text, 'encore_realtime_sockets')).toBe(1);
    expect(seriesValue(text, 'encore_cache_requests_total{cache="sessions",result="hit"}')).toBeGreaterThan(
      0,
    );
    expect(seriesValue(text, 'encore_cache_requests_total{cache="sessions",result="miss"}')).toBeGreaterThan(
      0,
    );
    expect(text).toMatch(/^encore_batch_size_count\{batcher="session-lookups"\} [1-9]/m);
    if (process.env.TEST_DATABASE_URL) {
      expect(seriesValue(text, 'encore_db_pool_clients{state="total"}')).toBeGreaterThan(0);
      expect(seriesValue(text, 'encore_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
    }
    await socket.close();
  });

  it('a METRICS_TOKEN under 32 characters, or a REDIS_KEY_PREFIX with spaces, stops the start by name', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ METRICS_TOKEN: 'short' })).toMatch(/METRICS_TOKEN/);
    expect(problems({ REDIS_KEY_PREFIX: 'a b' })).toMatch(/REDIS_KEY_PREFIX/);
    expect(parseConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ token: TOKEN });
    expect(parseConfig({}).metrics).toBeNull();
    expect(parseConfig({}).redisKeyPrefix).toBe('encore:');
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const plain = await createTestContext();
    try {
      const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('# TYPE');
    } finally {
      await plain.close();
    }
  });
});
