import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';
import {
  BIGINT_COUNT,
  INT4_MAX,
  isUnsafeText,
  safeIdParam,
  safeString,
  UNSAFE_TEXT_MESSAGE,
} from './safe-input.ts';

/**
 * Issue 12 closes a class, not cases: every string in every schema of the contract refuses NUL and
 * lone surrogates, and every integer fits a PostgreSQL integer. This walks all exported schemas, so a
 * schema added later with a bare z.string() or z.number().int() fails here.
 */

/**
 * What the server sends on the realtime socket (realtime.ts): never parsed from a client, and its
 * sequence numbers are not column values. ClientFrame, what a client sends, is checked.
 */
const OUTBOUND_ONLY = new Set(['ServerFrame', 'ServerMessage', 'ChannelEvent']);

type Leaf = { path: string; schema: z.ZodType };

function leaves(schema: z.ZodType, path: string, out: Leaf[], seen = new Set<z.ZodType>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, p: string) => leaves(s as z.ZodType, p, out, seen);
  switch (def.type) {
    case 'string':
    case 'number':
      out.push({ path, schema });
      break;
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${path}.${k}`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'union':
      for (const [i, o] of (def.options as unknown[]).entries()) walk(o, `${path}|${i}`);
      break;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      break;
    case 'pipe':
      walk(def.in, path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType, path);
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), path);
      break;
  }
  return out;
}

const schemas = Object.entries(contract).filter(
  ([name, v]) => v instanceof z.ZodType && !OUTBOUND_ONLY.has(name),
) as Array<[string, z.ZodType]>;

describe('every schema of the contract is built from the safe builders (issue 12)', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(80);
  });

  it('every string refuses NUL and lone surrogates', () => {
    const unsafe: string[] = [];
    for (const [name, schema] of schemas) {
      for (const leaf of leaves(schema, name, [])) {
        if (!(leaf.schema instanceof z.ZodString)) continue;
        for (const hostile of ['abcdef\u0000', 'abcdef\ud800']) {
          const result = leaf.schema.safeParse(hostile);
          const refusedForIt = result.error?.issues.some(
            (i) => i.message === UNSAFE_TEXT_MESSAGE || i.code === 'invalid_format',
          );
          if (result.success || !refusedForIt) unsafe.push(`${leaf.path} accepts ${JSON.stringify(hostile)}`);
        }
      }
    }
    expect(unsafe).toEqual([]);
  });

  it('every integer fits a PostgreSQL integer', () => {
    const unbounded: string[] = [];
    for (const [name, schema] of schemas) {
      for (const leaf of leaves(schema, name, [])) {
        if (!(leaf.schema instanceof z.ZodNumber) || !leaf.schema.isInt) continue;
        const { minValue, maxValue } = leaf.schema;
        // Epoch seconds (catalog windows) are bounded by what a timestamp holds instead, and a
        // client's last seen sequence number is compared with the bus's, never stored.
        const exempt =
          leaf.path.endsWith('_time') ||
          leaf.path.endsWith('.last_seq') ||
          leaf.schema.description === BIGINT_COUNT;
        if ((maxValue ?? Infinity) > INT4_MAX && !exempt) {
          unbounded.push(`${leaf.path} [${minValue}, ${maxValue}]`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('the builders', () => {
  it('tell lone surrogates from pairs', () => {
    expect(isUnsafeText('ok 😀 한국어')).toBe(false);
    expect(isUnsafeText('\ud83d')).toBe(true);
    expect(isUnsafeText('\ude00x')).toBe(true);
    expect(isUnsafeText('x\ude00\ud83d')).toBe(true);
    expect(isUnsafeText('a\u0000')).toBe(true);
  });

  it('find a lone surrogate wherever it is, without a look-behind (issue 26: Safari before 16.4)', () => {
    // The rule said by code units, checked against every string of up to four units from an alphabet
    // of plain, high and low units: a low unit is lone unless the unit before it is a high one.
    const lone = (text: string): boolean =>
      [...Array(text.length).keys()].some((i) => {
        const unit = text.charCodeAt(i);
        const isHigh = (u: number) => u >= 0xd800 && u <= 0xdbff;
        const isLow = (u: number) => u >= 0xdc00 && u <= 0xdfff;
        if (isHigh(unit)) return !isLow(text.charCodeAt(i + 1));
        return isLow(unit) && !isHigh(text.charCodeAt(i - 1));
      });
    const alphabet = ['a', '\ud83d', '\ude00', '\udbff', '\udc00'];
    let strings = [''];
    for (let length = 1; length <= 4; length++) {
      strings = strings.flatMap((s) => alphabet.map((unit) => s + unit));
      for (const text of strings) expect(isUnsafeText(text), JSON.stringify(text)).toBe(lone(text));
    }
    expect(isUnsafeText('\ud83d\ude00\ude00')).toBe(true);
    expect(isUnsafeText('\ude00\ude00')).toBe(true);
  });

  it('chain like z.string() and answer the field with the reason', () => {
    const s = z.object({ name: safeString().trim().min(1).max(5) });
    expect(s.parse({ name: ' abc ' })).toEqual({ name: 'abc' });
    expect(s.safeParse({ name: 'abcdefg' }).success).toBe(false);
    expect(s.safeParse({ name: 'a\u0000' }).error?.issues[0]).toMatchObject({
      path: ['name'],
      message: UNSAFE_TEXT_MESSAGE,
    });
  });

  it('bound ids to the int4 column', () => {
    expect(safeIdParam().safeParse('2147483647').success).toBe(true);
    expect(safeIdParam().safeParse('2147483648').success).toBe(false);
    expect(safeIdParam().safeParse('0').success).toBe(false);
  });
});
