import { say } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { fanWith, waitPlaying, watch } from '../support/watching.ts';

// Issue 26: the landing promises Safari 13.1.2 and iOS 13.6+, Chrome 70+. Safari before 16.4 refuses a
// whole file that holds a regular-expression look-behind (Enter ended on "This page didn't load"), and
// those browsers lack functions newer code calls. Chromium, made as old as they are in what a script
// can change, enters the show, plays and chats. Syntax the old engines cannot parse is checked on the
// built files by scripts/check-es-level.mjs (npm test): a script cannot make Chromium refuse syntax.
test.describe.configure({ timeout: 120_000 });

test('the viewer works with look-behinds refused and the functions Safari 13.1 and Chrome 70 lack removed', async ({
  browser,
  request,
}) => {
  const session = await fanWith(request, { type: 'Directors' });
  const scripts: { url: string; body: string }[] = [];
  const errors: string[] = [];
  const page = await watch(browser, session, {
    setup: async (context) => {
      context.on('response', async (res) => {
        if (res.request().resourceType() === 'script' || /\.js(\?|$)/.test(res.url()))
          scripts.push({ url: res.url(), body: await res.text().catch(() => '') });
      });
      context.on('weberror', (e) => {
        // The sign-in init script (watch) also runs in the show's sandboxed frame, which has no storage.
        if (!/localStorage/.test(e.error().message)) errors.push(e.error().message);
      });
      await context.addInitScript(() => {
        const w = globalThis as unknown as Record<string, unknown>;
        // Safari < 16.4: a look-behind in a pattern built at run time is a SyntaxError.
        const NativeRegExp = RegExp;
        const lookBehind = /\(\?<[=!]/;
        const OldRegExp = function (this: unknown, pattern: unknown, flags?: string) {
          const source = pattern instanceof NativeRegExp ? pattern.source : String(pattern);
          if (lookBehind.test(source))
            throw new SyntaxError('Invalid regular expression: invalid group specifier name');
          return new NativeRegExp(pattern as string, flags);
        } as unknown as RegExpConstructor;
        Object.setPrototypeOf(OldRegExp, NativeRegExp);
        (OldRegExp as unknown as { prototype: RegExp }).prototype = NativeRegExp.prototype;
        w.RegExp = OldRegExp;
        // Functions newer than Safari 13.1 (iOS 13.6) or Chrome 70.
        const remove = (target: object, name: string) => {
          delete (target as Record<string, unknown>)[name];
        };
        const proto = (name: string) => (w[name] as { prototype: object }).prototype;
        remove(proto('Array'), 'at');
        remove(proto('String'), 'at');
        remove(proto('String'), 'replaceAll');
        remove(proto('Array'), 'findLast');
        remove(proto('Array'), 'findLastIndex');
        remove(Object, 'hasOwn');
        remove(Object, 'fromEntries');
        remove(Promise, 'allSettled');
        remove(Promise, 'any');
        remove(proto('Crypto'), 'randomUUID');
        remove(w, 'structuredClone');
        remove(w, 'queueMicrotask');
        remove(w, 'reportError');
      });
    },
  });
  await waitPlaying(page);
  // The chat sends with an id the polyfilled crypto.randomUUID made; the server's copy replaces the echo.
  await expect(page.getByTestId('chat-input')).toBeEnabled({ timeout: 30_000 });
  await say(page, 'hello from an old iPhone');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'hello from an old iPhone' })).toHaveCount(
    1,
  );
  await expect(page.getByText(/didn't load/i)).toHaveCount(0);
  expect(errors).toEqual([]);
  // No chunk the viewer loaded holds a look-behind (a literal would fail to parse on old Safari).
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((s) => /\(\?<[=!]/.test(s.body)).map((s) => s.url)).toEqual([]);
});
