import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/**
 * Property-based route fuzzing (issue 12): every route the app has, driven with requests generated
 * from its own schema (the OpenAPI document built from the contract) and then mutated the way a
 * hostile client would. Used by src/platform/route-fuzz.test.ts (fixed seed, in `npm test`) and by
 * `npm run fuzz` (scripts/fuzz.mjs: more runs, a random seed).
 */

export type Route = { method: string; url: string };

/** Every route of the app, from the router itself (printRoutes), so that a new route is fuzzed too. */
export function appRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round(at / 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3).trim());
    if (!match?.[1]) continue;
    stack.length = depth;
    stack.push(match[1]);
    const url = stack.join('');
    for (const method of (match[2] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  additionalProperties?: boolean | JsonSchema;
};

type Parameter = { in: 'path' | 'query'; name: string; schema: JsonSchema; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** `/a/{id}/` and `/a/:id/` (and find-my-way's merged `:file|:lang`) compare equal. */
const shape = (url: string) => url.replace(/\{[^}]+\}|:[^/]+/g, ':');

export function operationOf(doc: OpenApi, route: Route): Operation | null {
  for (const [p, ops] of Object.entries(doc.paths)) {
    const op = ops[route.method.toLowerCase()];
    if (op && shape(p) === shape(route.url)) return op;
  }
  return null;
}

/** Values that reach past "not found": the fixture's real slugs, names and ids, by field name. */
export type Known = Record<string, unknown[]>;

/** An arbitrary of values that satisfy the schema (strings kept short: size is a mutation of its own). */
export function fromSchema(s: JsonSchema, known: Known, name = '', depth = 0): fc.Arbitrary<unknown> {
  const plain = plainFromSchema(s, known, depth);
  const hints = known[name];
  return hints && hints.length > 0 ? fc.oneof(fc.constantFrom(...hints), plain) : plain;
}

function plainFromSchema(s: JsonSchema, known: Known, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromSchema(a, known, '', depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const lo = s.exclusiveMinimum === true ? (s.minimum ?? 0) + 1 : (s.minimum ?? -1000);
      return fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(s.maximum ?? 1000, 2 ** 31 - 1) });
    }
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: s.minimum ?? -1e6,
        max: s.maximum ?? 1e6,
      });
    case 'string':
      return stringFromSchema(s);
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(fromSchema(s.items ?? {}, known, '', depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 2, 2)),
      });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const entries = Object.entries(props).map(
        ([key, sub]) => [key, fromSchema(sub, known, key, depth + 1)] as const,
      );
      return fc.record(Object.fromEntries(entries), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFromSchema(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (s.format === 'uri') return fc.webUrl();
  const max = Math.min(s.maxLength ?? 24, 24);
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1e9));
    } catch {
      // fast-check cannot generate from every pattern (lookaheads): any string then.
    }
  }
  const min = Math.min(s.minLength ?? 0, max);
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

/**
 * What a hostile client puts where a value belongs. Short strings (a NUL, a lone surrogate) are
 * spliced into the string already there, so that the rest of it still passes the format checks and
 * the character travels as deep as it can; the rest replaces the value.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\ud83d', '\u0000\u0000') },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 1e308, -1, 0, 1.5, '2147483648'),
      fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      true,
      null,
      [],
      {},
      [null],
      { toString: 'x' },
      '',
      ' ',
      '\u200b',
      '%00',
      '1e400',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', '../../etc/passwd'),
  },
  // Issue 29: replacement patterns ($` $' $& expanded host text in index.html), spliced into the
  // value when short, and the names the probe used.
  {
    weight: 2,
    arbitrary: fc.constantFrom('$`', "$'", '$&', '$$', '$1', '$<x>', 'M $` zzattr=1 ', "A $' yyattr=2 $& "),
  },
  // Issue 29: URL schemes and network-path references that no URL field may take.
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'gopher://127.0.0.1:70/_x',
      'vbscript:x',
      '//evil.example/x',
      '/\\127.0.0.1:8259/x',
      '/\t/evil.example/x',
      'https://bank.example@evil.example/',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)) },
);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * The generated value with one spot made hostile: a leaf (or the whole value) replaced, or a
 * prototype key added to an object. `pick` chooses the spot among all of them.
 */
export function mutate(value: unknown, pick: number, hostile: unknown, addKey: boolean): unknown {
  const spots: Array<(v: unknown) => void> = [];
  const root = { v: structuredClone(value) as unknown };
  const walk = (holder: Record<string | number, unknown>, key: string | number) => {
    const v = holder[key];
    spots.push((h) => {
      const splice = typeof v === 'string' && typeof h === 'string' && h.length > 0 && h.length <= 2;
      const at = splice ? pick % (v.length + 1) : 0;
      holder[key] = splice ? `${v.slice(0, at)}${h}${v.slice(at)}` : h;
    });
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) walk(v as unknown as Record<number, unknown>, i);
    } else if (v !== null && typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      if (addKey) {
        spots.push((h) => {
          Object.defineProperty(obj, PROTOTYPE_KEYS[pick % 3] as string, { value: h, enumerable: true });
        });
      }
      for (const k of Object.keys(obj)) walk(obj, k);
    }
  };
  walk(root as unknown as Record<string, unknown>, 'v');
  spots[pick % spots.length]?.(hostile);
  return root.v;
}

/** Percent-encoding that keeps lone surrogates (as their WTF-8 bytes) instead of throwing. */
export function encodeAny(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(text[i] as string);
  }
  return out;
}

/** Rows of every table, in one round trip: a refused request must leave all of them as they were. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  const selects = tables.map((t) => `(select count(*)::int from "${t.name}") as "${t.name}"`).join(', ');
  const { rows } = await sql.raw<Record<string, number>>(`select ${selects}`).execute(db);
  return rows[0] ?? {};
}
