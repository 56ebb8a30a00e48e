import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import { apiLogin, importCode, PASSWORD, verifiedFan } from './api.ts';
import { channelIdOf, type SignedIn, signedInContext } from './chat.ts';

/** Helpers of the viewer journeys: a fan with a ticket of given attributes, on a given device. */

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: IPHONE_UA,
};
export const TABLET: BrowserContextOptions = {
  viewport: { width: 820, height: 1180 },
  isMobile: true,
  hasTouch: true,
  userAgent: ANDROID_TABLET_UA,
};

/** A fresh verified fan whose redeemed ticket to `slug` carries these attributes. */
export async function fanWithTicket(
  request: APIRequestContext,
  slug: string,
  attributes: Record<string, unknown> = { type: 'Directors' },
): Promise<SignedIn> {
  const fan = await verifiedFan(request);
  const code = await importCode(request, slug, fan.email, attributes);
  const token = await apiLogin(request, fan.email, PASSWORD);
  const res = await request.post('/thor/ticket/validate/', {
    data: {
      channel_id: await channelIdOf(request, slug),
      token: code,
      email: fan.email,
      vendor: 'ticketshop',
      redeemed_only: false,
    },
    headers: { authorization: `Token ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...fan, token };
}

/**
 * The viewer of `slug` as `fan` on `device`, once its structure is there. Without `video` the media
 * is refused: the journeys that check layout and controls do not spend the machine on decoding.
 */
export async function openViewer(
  browser: Browser,
  request: APIRequestContext,
  fan: SignedIn,
  slug: string,
  device: BrowserContextOptions = DESKTOP,
  { video = false }: { video?: boolean } = {},
): Promise<Page> {
  const context = await signedInContext(browser, request, fan, device, video);
  const page = await context.newPage();
  await page.goto(`/event/${slug}`);
  await expect(page.getByTestId('viewer')).toBeVisible({ timeout: 30_000 });
  return page;
}
