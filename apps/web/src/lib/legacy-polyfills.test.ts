import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { installPolyfills, type PolyfillScope } from './legacy-polyfills.ts';

/**
 * A fresh JavaScript realm without the functions Chrome 70 and Safari 13.1 lack (the test runner's
 * own realm needs them), filled by installPolyfills, then exercised from inside that realm.
 */
function oldBrowserRealm(): (code: string) => unknown {
  const context = createContext({});
  const run = (code: string) => runInContext(code, context);
  run(`
    delete Object.fromEntries; delete Object.hasOwn; delete Array.prototype.at; delete String.prototype.at;
    delete String.prototype.replaceAll; delete Promise.allSettled; delete globalThis.queueMicrotask;
  `);
  const scope = run('({ self: globalThis, Object, Array, String, Promise })') as PolyfillScope;
  // The realm has no crypto: one with getRandomValues and no randomUUID, like Safari 13.
  const crypto = {
    getRandomValues: <T extends ArrayBufferView>(a: T) => globalThis.crypto.getRandomValues(a),
  };
  (run('globalThis') as Record<string, unknown>).crypto = crypto;
  installPolyfills({ ...scope, crypto: crypto as unknown as Crypto });
  return run;
}

describe('legacy polyfills (issue 26: Chrome 70, Safari 13.1)', () => {
  it('fill each missing function with the standard behaviour', async () => {
    const run = oldBrowserRealm();
    expect(run(`JSON.stringify(Object.fromEntries([['a', 1], ['b', 2]]))`)).toBe('{"a":1,"b":2}');
    expect(run(`Object.hasOwn({ a: 1 }, 'a')`)).toBe(true);
    expect(run(`Object.hasOwn(Object.create({ a: 1 }), 'a')`)).toBe(false);
    expect(run('[1, 2, 3].at(-1)')).toBe(3);
    expect(run('[1, 2, 3].at(0)')).toBe(1);
    expect(run('[].at(-1)')).toBeUndefined();
    expect(run(`'abc'.at(-1)`)).toBe('c');
    expect(run(`'a.b.c'.replaceAll('.', '/')`)).toBe('a/b/c');
    expect(run(`'a.b.c'.replaceAll(/\\./g, '-')`)).toBe('a-b-c');
    expect(() => run(`'a.b'.replaceAll(/\\./, '-')`)).toThrow('global RegExp');
    const settled = run(`Promise.allSettled([1, Promise.reject('x')])`) as Promise<unknown>;
    expect(JSON.stringify(await settled)).toBe(
      '[{"status":"fulfilled","value":1},{"status":"rejected","reason":"x"}]',
    );
    const microtask = run('new Promise((resolve) => queueMicrotask(() => resolve(7)))') as Promise<number>;
    expect(await microtask).toBe(7);
    const ids = new Set(run('Array.from({ length: 50 }, () => crypto.randomUUID())') as string[]);
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('leave functions the browser has alone', () => {
    const context = createContext({});
    const run = (code: string) => runInContext(code, context);
    run('Array.prototype.at = function own() { return "own"; }');
    installPolyfills(run('({ self: globalThis, Object, Array, String, Promise })') as PolyfillScope);
    expect(run('[1].at(0)')).toBe('own');
  });
});
