/**
 * The few library functions the app and its packages call that the oldest promised browsers lack
 * (issue 26: Chrome 70, Safari 13.1 and iOS 13.6, spec CONST-04 and CONST-05). The build lowers syntax
 * to that level (vite.config.ts `build.target`); functions are not lowered, so these are defined here,
 * first in the entry, only where missing. Hand-written rather than core-js: each is a few lines, and
 * core-js's shared internals would cost the landing entry about 5 kB gzip of its 120 kB budget.
 * Found by scanning the build for each API newer than those browsers (docs/decisions.md, "Browsers
 * the build reaches"); structuredClone (control room only, staff on current browsers) is not among them.
 */

function define(target: object, name: string, value: unknown): void {
  if (name in target) return;
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}
/** The globals the fills go on: this window, or another realm's in the test. */
export interface PolyfillScope {
  self: object;
  Object: ObjectConstructor;
  Array: ArrayConstructor;
  String: StringConstructor;
  Promise: PromiseConstructor;
  crypto?: Crypto;
}

/** Defines each missing function on the scope's built-ins; present ones are left as they are. */
export function installPolyfills(scope: PolyfillScope): void {
  // Chrome 70 (globalThis arrived in 71).
  define(scope.self, 'globalThis', scope.self);

  // Chrome 70 to 72 (Object.fromEntries), Chrome < 93 and Safari < 15.4 (Object.hasOwn).
  define(scope.Object, 'fromEntries', (entries: Iterable<readonly [PropertyKey, unknown]>) => {
    const result: Record<PropertyKey, unknown> = {};
    for (const [key, value] of entries) result[key] = value;
    return result;
  });
  define(scope.Object, 'hasOwn', (target: object, key: PropertyKey) => Object.hasOwn(target, key));

  // Chrome < 92 and Safari < 15.4: Array and String `at` (the chat's last message, the PiP order).
  function at<T>(this: ArrayLike<T>, index: number): T | undefined {
    const i = Math.trunc(index) || 0;
    return this[i < 0 ? this.length + i : i];
  }
  define(scope.Array.prototype, 'at', at);
  define(scope.String.prototype, 'at', at);

  // Chrome < 85 (String.prototype.replaceAll with a string pattern; a RegExp pattern must be global).
  define(
    scope.String.prototype,
    'replaceAll',
    function replaceAll(
      this: string,
      pattern: string | RegExp,
      replacement: string | ((substring: string, ...args: unknown[]) => string),
    ): string {
      if (typeof pattern !== 'string') {
        if (!pattern.global) throw new TypeError('replaceAll must be called with a global RegExp');
        return this.replace(pattern, replacement as string);
      }
      return this.split(pattern).join(typeof replacement === 'string' ? replacement : replacement(pattern));
    },
  );

  // Chrome 70 to 75 (Promise.allSettled), Chrome 70 (queueMicrotask).
  define(scope.Promise, 'allSettled', (values: Iterable<unknown>) =>
    Promise.all(
      Array.from(values, (value) =>
        Promise.resolve(value).then(
          (v) => ({ status: 'fulfilled', value: v }),
          (reason: unknown) => ({ status: 'rejected', reason }),
        ),
      ),
    ),
  );
  define(scope.self, 'queueMicrotask', (callback: () => void) => {
    Promise.resolve()
      .then(callback)
      .catch((error: unknown) =>
        setTimeout(() => {
          throw error;
        }),
      );
  });

  // Chrome < 92 and Safari < 15.4: the chat's and cheers' idempotency ids (RFC 4122 version 4).
  const crypto = scope.crypto;
  if (crypto && typeof crypto.getRandomValues === 'function') {
    define(crypto, 'randomUUID', () => {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
      const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });
  }
}

// `self` in every browser (Chrome 70 has no globalThis); the unit tests run in Node, which has only globalThis.
installPolyfills({
  self: typeof self === 'undefined' ? globalThis : self,
  Object,
  Array,
  String,
  Promise,
  crypto: typeof crypto === 'undefined' ? undefined : crypto,
});
