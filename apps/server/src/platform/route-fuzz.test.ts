import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createShow, createUser, joinedFan, login, STRONG_PASSWORD } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  appRoutes,
  encodeAny,
  fromSchema,
  hostileValue,
  type Known,
  mutate,
  type OpenApi,
  operationOf,
  type Route,
  rowCounts,
} from '../../test/route-fuzz.ts';

/**
 * Issue 12: no request, however hostile, gets a 5xx, and a refused one writes nothing. Every route
 * of the app (from its router: a new route is fuzzed without being listed here) is sent requests
 * generated from its schema, with one spot made hostile (NUL, lone surrogates, integers past int4,
 * wrong types, huge strings, prototype keys). `npm test` runs a fixed seed and a few runs per route;
 * `npm run fuzz` (scripts/fuzz.mjs) sets FUZZ_RUNS and FUZZ_SEED for a long run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/** 5xx answers the spec itself defines (a spent chat or cheer budget), with their codes. */
const SPEC_5XX = new Set(['OVER_CAPACITY']);

/** The API and the media origin: the rest is the web build and the OpenAPI viewer. */
const FUZZED = (r: Route) => r.url.startsWith('/thor/') || r.url.startsWith('/media/');

let t: TestContext;
let doc: OpenApi;
let known: Known;
const tokens = {} as Record<'host' | 'fan', { email: string; headers: Record<string, string> }>;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_SCALE: '100000' });
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  const show = await createShow(t.db, { startIn: -10, enterIn: -30 });
  const fan = await joinedFan(t.app, t.db, show);
  const host = await createUser(t.db, { role: 'host' });
  tokens.fan = { email: fan.user.email, headers: fan.headers };
  tokens.host = { email: host.email, headers: auth(await login(t.app, host.email)) };
  known = {
    slug: [show.slug],
    paid_event_name: [show.paid_event_name],
    paid_event: [show.paid_event_name],
    hang_id: [fan.hang.id],
    hangId: [fan.hang.id],
    session_id: [fan.hang.session_id],
    sessionId: [fan.hang.session_id],
    channel_id: [show.channel_id],
    id: [fan.user.id, show.channel_id, show.slug],
    email: [fan.user.email],
    password: [STRONG_PASSWORD],
    stream: ['mix-stream1', 'stream4k'],
    variant: ['v1080', '720p'],
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Sent = { method: string; url: string; body?: string; contentType?: string; who: string };

function request(route: Route, parts: { params: unknown; query: unknown; body: unknown }, who: string): Sent {
  const params = (parts.params ?? {}) as Record<string, unknown>;
  const names = Object.keys(params);
  let i = 0;
  const url = route.url.replace(/:[^/]+/g, () => encodeAny(params[names[i++] as string] ?? 'x'));
  const query =
    parts.query !== null && typeof parts.query === 'object' && !Array.isArray(parts.query)
      ? Object.entries(parts.query as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`)
          .join('&')
      : encodeAny(parts.query);
  const sent: Sent = { method: route.method, url: query ? `${url}?${query}` : url, who };
  if (route.method !== 'GET' && parts.body !== undefined) {
    const csv = route.url.endsWith('/ticket-codes');
    sent.contentType = csv ? 'text/csv' : 'application/json';
    sent.body = csv && typeof parts.body === 'string' ? parts.body : (JSON.stringify(parts.body) ?? 'null');
  }
  return sent;
}

/** Path and query parameters as objects, keyed in the order they appear. */
function parameterSchemas(route: Route) {
  const op = operationOf(doc, route);
  const of = (where: 'path' | 'query') =>
    Object.fromEntries(
      (op?.parameters ?? [])
        .filter((p) => p.in === where)
        .map((p) => [p.name, { p, arb: fromSchema(p.schema, known, p.name) }]),
    );
  const path = of('path');
  // Routes the document hides (hide: true) still have their path parameters: plain strings then.
  if (Object.keys(path).length === 0) {
    for (const m of route.url.matchAll(/:([^/|]+)/g)) {
      path[m[1] as string] = {
        p: { in: 'path', name: m[1] as string, schema: {}, required: true },
        arb: fc.string(),
      };
    }
  }
  const record = (entries: typeof path) =>
    fc.record(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v.arb])), {
      requiredKeys: Object.entries(entries)
        .filter(([, v]) => v.p.required)
        .map(([k]) => k),
    });
  const content = op?.requestBody?.content ?? {};
  const bodySchema = Object.values(content)[0]?.schema;
  return {
    params: record(path),
    query: record(of('query')),
    body: bodySchema
      ? fromSchema(bodySchema, known)
      : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
  };
}

describe('hostile input on every route (issue 12)', () => {
  it(
    'answers no 5xx and writes nothing when it refuses',
    async () => {
      const routes = appRoutes(t.app).filter(FUZZED);
      // The enumeration is the router's: it must at least hold the API's known corners.
      expect(routes.length).toBeGreaterThan(50);
      expect(routes).toContainEqual({ method: 'POST', url: '/thor/auth/email_register/' });
      expect(routes).toContainEqual({ method: 'POST', url: '/thor/host/shows/:slug/ticket-codes' });

      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const arbs = parameterSchemas(route);
        const input = fc.record({
          params: arbs.params,
          query: arbs.query,
          body: arbs.body,
          target: fc.constantFrom('params', 'query', 'body', 'body', 'none'),
          pick: fc.nat(),
          hostile: hostileValue,
          addKey: fc.boolean(),
          who: fc.constantFrom('fan', 'host', 'nobody'),
        });
        await fc.assert(
          fc.asyncProperty(input, async (x) => {
            const parts: Record<'params' | 'query' | 'body', unknown> = {
              params: x.params,
              query: x.query,
              body: x.body,
            };
            if (x.target !== 'none') parts[x.target] = mutate(parts[x.target], x.pick, x.hostile, x.addKey);
            const req = request(route, parts, x.who);
            const headers: Record<string, string> =
              x.who === 'nobody' ? {} : { ...tokens[x.who as 'fan'].headers };
            if (req.contentType) headers['content-type'] = req.contentType;
            const before = await rowCounts(t.db);
            const res = await t.app.inject({
              method: req.method as 'GET',
              url: req.url,
              headers,
              ...(req.body === undefined ? {} : { payload: req.body }),
            });
            sent += 1;
            const code = res.headers['content-type']?.includes('json')
              ? (res.json() as { code?: string }).code
              : undefined;
            const show = () =>
              `${req.method} ${req.url.slice(0, 300)} as ${req.who} ${req.body?.slice(0, 300) ?? ''}`;
            if (res.statusCode >= 500 && !(code && SPEC_5XX.has(code))) {
              failures.push(`${res.statusCode} ${code ?? ''} <- ${show()}`);
            } else if (res.statusCode >= 400) {
              const after = await rowCounts(t.db);
              const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
              if (changed.length > 0)
                failures.push(`${res.statusCode} wrote ${changed.join(', ')} <- ${show()}`);
            }
            // A logout ends the fixture's session: log in again so later requests still reach the rules.
            if (route.url === '/thor/auth/logout/' && res.statusCode < 300 && x.who !== 'nobody') {
              const who = tokens[x.who as 'fan'];
              who.headers = auth(await login(t.app, who.email));
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }
      const fiveXx = failures.filter((f) => f.startsWith('5')).length;
      console.log(
        `route fuzz: ${routes.length} routes, ${sent} requests, ${fiveXx} 5xx, ${failures.length} failures (seed ${SEED}, ${RUNS} runs per route)`,
      );
      expect(failures).toEqual([]);
    },
    Math.max(600_000, RUNS * 60 * 250),
  );
});
