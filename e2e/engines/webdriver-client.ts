/**
 * A WebDriver (classic, W3C) client of the few commands the WebKit journey needs, on fetch. WebKitGTK's
 * WebKitWebDriver speaks only this protocol (no BiDi, no CDP), so neither Playwright nor puppeteer can
 * drive it; a dependency for six endpoints was not worth it.
 */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export interface WebDriverSession {
  go(url: string): Promise<void>;
  /** Runs `script` (a function body) in the page, with `arguments`. */
  run<T>(script: string, ...args: unknown[]): Promise<T>;
  /** Waits until `script` returns true in the page, polling. */
  until(what: string, script: string, timeoutMs: number, ...args: unknown[]): Promise<void>;
  click(selector: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  close(): Promise<void>;
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { value: T & { error?: string; message?: string } };
  if (!res.ok)
    throw new Error(`WebDriver ${method} ${path}: ${json.value.error} ${json.value.message ?? ''}`);
  return json.value;
}

export async function newSession(driverUrl: string, capabilities: object): Promise<WebDriverSession> {
  const created = await call<{ sessionId: string }>(driverUrl, 'POST', '/session', {
    capabilities: { alwaysMatch: capabilities },
  });
  const base = `${driverUrl}/session/${created.sessionId}`;
  const find = async (selector: string) => {
    const el = await call<Record<string, string>>(base, 'POST', '/element', {
      using: 'css selector',
      value: selector,
    });
    const id = el[ELEMENT_KEY];
    if (!id) throw new Error(`WebDriver: no element id for ${selector}: ${JSON.stringify(el)}`);
    return id;
  };
  const run = <T>(script: string, ...args: unknown[]) =>
    call<T>(base, 'POST', '/execute/sync', { script, args });
  return {
    go: async (url) => {
      await call(base, 'POST', '/url', { url });
    },
    run,
    until: async (what, script, timeoutMs, ...args) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await run<boolean>(script, ...args))) {
        if (Date.now() > deadline)
          throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    click: async (selector) => {
      await call(base, 'POST', `/element/${await find(selector)}/click`, {});
    },
    type: async (selector, text) => {
      await call(base, 'POST', `/element/${await find(selector)}/value`, { text });
    },
    close: async () => {
      await call(base, 'DELETE', '').catch(() => undefined);
    },
  };
}
