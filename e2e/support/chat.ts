import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import { apiLogin, importCode, PASSWORD, verifiedFan } from './api.ts';

/** Helpers of the chat journeys: fans and hosts signed in through the API, straight into a show. */

export interface SignedIn {
  email: string;
  username: string;
  token: string;
}

export async function channelIdOf(request: APIRequestContext, slug: string): Promise<number> {
  const active = (await (await request.get('/thor/channels/active/')).json()) as {
    results: { slug: string; channel_id: number }[];
  };
  const show = active.results.find((s) => s.slug === slug);
  if (!show) throw new Error(`show ${slug} is not listed`);
  return show.channel_id;
}

/** A fresh verified fan holding a ticket to the show: a booking code imported and redeemed via the API. */
export async function ticketedFan(request: APIRequestContext, slug: string): Promise<SignedIn> {
  const fan = await verifiedFan(request);
  const token = await apiLogin(request, fan.email, PASSWORD);
  const signedIn = { ...fan, token };
  await giveTicket(request, signedIn, slug);
  return signedIn;
}

/** A ticket to one more show for `who`: a booking code in their email, imported and redeemed. */
export async function giveTicket(request: APIRequestContext, who: SignedIn, slug: string): Promise<void> {
  const code = await importCode(request, slug, who.email);
  const res = await request.post('/thor/ticket/validate/', {
    data: {
      channel_id: await channelIdOf(request, slug),
      token: code,
      email: who.email,
      vendor: 'ticketshop',
      redeemed_only: false,
    },
    headers: { authorization: `Token ${who.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function demoAccount(
  request: APIRequestContext,
  email: 'host@encore.test' | 'fan@encore.test',
): Promise<SignedIn> {
  const token = await apiLogin(request, email, 'encore-demo');
  const user = (await (
    await request.get('/thor/auth/user/', { headers: { authorization: `Token ${token}` } })
  ).json()) as {
    username: string;
  };
  return { email, username: user.username, token };
}

/**
 * A browser of its own (a device) signed in as `who`: the persisted session values the app reads
 * (authToken and user, viewing section 3) are written before the first page script runs.
 */
export async function signedInPage(
  browser: Browser,
  request: APIRequestContext,
  who: SignedIn,
  viewport = { width: 1440, height: 900 },
  /** Outside the test runner, which sets it from the config. */
  baseURL?: string,
  /**
   * Chat journeys do not need the stream: without it, three browsers on a small CI machine spend
   * their time on chat instead of on video decoding and playlist reloads.
   */
  {
    video = false,
    device = {},
  }: {
    video?: boolean;
    /** A handheld's context: isMobile, hasTouch, its user agent. */
    device?: Pick<BrowserContextOptions, 'isMobile' | 'hasTouch' | 'userAgent' | 'deviceScaleFactor'>;
  } = {},
): Promise<Page> {
  const context = await signedInContext(
    browser,
    request,
    who,
    { viewport, ...device, ...(baseURL ? { baseURL } : {}) },
    video,
  );
  return context.newPage();
}

/**
 * A browser context signed in as `who`, with the entry skew at 0 and cookies agreed; the media is
 * refused unless `video` (a journey that checks chat or layout spends no CPU on decoding).
 */
export async function signedInContext(
  browser: Browser,
  request: APIRequestContext,
  who: SignedIn,
  options: BrowserContextOptions,
  video: boolean,
): Promise<BrowserContext> {
  const user = await (
    await request.get('/thor/auth/user/', { headers: { authorization: `Token ${who.token}` } })
  ).json();
  const context = await browser.newContext(options);
  if (!video) await context.route(/\/media\//, (route) => route.abort());
  await context.addInitScript(
    ([token, userJson]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('authToken', JSON.stringify(token));
      localStorage.setItem('user', userJson);
      localStorage.setItem('skew', '0');
      localStorage.setItem('agreeCookies', 'true');
    },
    [who.token, JSON.stringify(user)] as const,
  );
  return context;
}

/** Posts a host alert through the API (the control room's call). */
export async function postAlert(
  request: APIRequestContext,
  host: SignedIn,
  slug: string,
  alert: Record<string, unknown>,
) {
  const res = await request.post(`/thor/host/shows/${slug}/alerts`, {
    data: alert,
    headers: { authorization: `Token ${host.token}` },
  });
  expect(res.status(), await res.text()).toBe(202);
}

/** Joins the show's hang as `who` through the API; answers the hang id and session. */
export async function joinByApi(request: APIRequestContext, who: SignedIn, channelId: number) {
  const headers = { authorization: `Token ${who.token}` };
  const hangId = await hangIdOf(request, who, channelId);
  const join = await request.put('/thor/hangs/join_hang/', {
    data: { hang_id: hangId, session_id: 'new' },
    headers,
  });
  expect(join.status(), await join.text()).toBe(200);
  const { id, session_id: session } = (await join.json()) as { id: number; session_id: string };
  return { id, session };
}

/**
 * Tosses `texts` as `who` through the API, `parallel` at a time; answers the HTTP statuses, so a
 * caller can seed a busy chat (all 200) or spend the fan's budget (until a 500 OVER_CAPACITY).
 */
export async function tossByApi(
  request: APIRequestContext,
  who: SignedIn,
  hang: { id: number; session: string },
  paidEventName: string,
  texts: string[],
  parallel = 1,
): Promise<number[]> {
  const headers = { authorization: `Token ${who.token}` };
  const statuses: number[] = [];
  for (let i = 0; i < texts.length; i += parallel) {
    const batch = texts.slice(i, i + parallel).map(async (text) => {
      const res = await request.post(`/thor/hangs/${hang.id}/${hang.session}/toss/`, {
        data: {
          hang_id: hang.id,
          toss_type: 'chat',
          toss_id: crypto.randomUUID(),
          toss_text: text,
          toss_data: null,
          paid_event_name: paidEventName,
        },
        headers,
      });
      return res.status();
    });
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

/**
 * Spends `who`'s toss budget so that their next send answers OVER_CAPACITY. The budget is a fixed
 * 10 s window opened by its first toss, and the fan's earlier messages opened one at a moment the
 * test does not know: a send right after spending it could already fall in the next window (the
 * flake this replaces). So: spend the current window, wait until a toss is accepted again (that toss
 * opens a fresh window), then spend the fresh one at once; the caller's send lands well inside it.
 */
export async function spendTossBudget(
  request: APIRequestContext,
  who: SignedIn,
  hang: { id: number; session: string },
  paidEventName: string,
  parallel = 20,
): Promise<void> {
  let sent = 0;
  const floodUntilRefused = async () => {
    // Bounded: 1000 tosses are five budgets on the e2e server (200 per 10 s).
    for (let round = 0; round < 1000 / parallel; round++) {
      const texts = Array.from({ length: parallel }, () => `flood ${sent++}`);
      if ((await tossByApi(request, who, hang, paidEventName, texts, parallel)).includes(500)) return;
    }
    throw new Error('the toss budget was never spent');
  };
  await floodUntilRefused();
  await expect
    .poll(async () => (await tossByApi(request, who, hang, paidEventName, [`probe ${sent++}`]))[0], {
      timeout: 15_000,
      intervals: [100],
    })
    .toBe(200);
  await floodUntilRefused();
}

/** Opens the show and waits until the fan is in its chat room. */
export async function enterChat(page: Page, slug: string) {
  await page.goto(`/event/${slug}`);
  await expect(page.getByTestId('chat-column')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chat-active')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
}

export async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

/** The chat rows holding `text`. */
export const chatRow = (page: Page, text: string) =>
  page.getByTestId('chat-message').filter({ hasText: text });

/** The featured hang of a show (its id), as the web client finds it. */
export async function hangIdOf(
  request: APIRequestContext,
  who: SignedIn,
  channelId: number,
): Promise<number> {
  const list = (await (
    await request.get(`/thor/hangs/get_hangs_list/?filter=featured_hangs&channel_id=${channelId}`, {
      headers: { authorization: `Token ${who.token}` },
    })
  ).json()) as { hang_category_list: { hangs: { id: number }[] }[] };
  const hangId = list.hang_category_list[0]?.hangs[0]?.id;
  if (!hangId) throw new Error('no hang');
  return hangId;
}
