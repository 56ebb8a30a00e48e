import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scheduleShow } from '../support/api.ts';
import { signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/** Merch and social (viewing sections 1, 2, 7 and 9; accounts section 2: MRC rows). */
test.describe.configure({ timeout: 150_000 });

const SHOP_SCRIPT = 'https://sdks.shopifycdn.com/buy-button/latest/buy-button-storefront.min.js';
const products = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../apps/web/public/shop/products.json'), 'utf8'),
) as { products: { id: string; title: string }[] };
const PRODUCT_IDS = products.products.map((p) => p.id);

/**
 * A stand-in for the provider's library, answered for its URL (this machine has no internet): a
 * ShopifyBuy whose product component draws an add-to-cart button into its node and whose cart counts.
 */
const STAND_IN_LIBRARY = `
window.ShopifyBuy = {
  buildClient: (o) => ({ domain: o.domain, token: o.storefrontAccessToken }),
  UI: { onReady: (client) => Promise.resolve({ createComponent: (kind, o) => {
    const b = document.createElement('button');
    b.textContent = 'Add to cart';
    b.dataset.testid = 'shop-add';
    b.dataset.domain = client.domain;
    b.onclick = () => { window.__cart = (window.__cart || []).concat(o.id); };
    o.node.append(b);
  } }) },
};`;

test('the embedded shop: the products file by GET, the library on demand; unavailable without it, then its widgets', async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000, {
    tabs: ['chat', 'merch'],
    merch: { items: [], product_ids: PRODUCT_IDS },
  });
  const fan = await ticketedFan(request, show.slug);
  const page = await signedInPage(browser, request, fan);
  let scriptRequests = 0;
  let libraryUp = false;
  await page.route(SHOP_SCRIPT, (route) => {
    scriptRequests += 1;
    return libraryUp
      ? route.fulfill({ contentType: 'text/javascript', body: STAND_IN_LIBRARY })
      : route.abort('internetdisconnected');
  });
  await page.goto(`/event/${show.slug}`);
  await expect(page.getByTestId('chat-tab-merch')).toBeVisible({ timeout: 30_000 });
  // On demand: nothing of the shop is fetched until its tab opens (MRC-03).
  expect(scriptRequests).toBe(0);

  const productsFile = page.waitForRequest((r) => r.url().endsWith('/shop/products.json'));
  await page.getByTestId('chat-tab-merch').click();
  expect((await productsFile).method()).toBe('GET');
  const shop = page.getByTestId('merch-shop');
  await expect(shop).toHaveAttribute('data-status', 'unavailable');
  await expect(page.getByTestId('merch-shop-unavailable')).toContainText(
    'The shop is unavailable right now.',
  );
  // The 11 products still show, named by the products file, in the configured order (MRC-01).
  await expect(page.getByTestId('merch-shop-product')).toHaveCount(11);
  await expect(page.getByTestId('merch-shop-product').first()).toContainText('Official Light Stick');
  expect(scriptRequests).toBe(1);

  // The library is reachable again: Try again draws one widget per product, with add-to-cart.
  libraryUp = true;
  await page.getByTestId('merch-shop-retry').click();
  await expect(shop).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('merch-shop-widget')).toHaveCount(11);
  await expect(page.getByTestId('shop-add')).toHaveCount(11);
  await expect(page.getByTestId('shop-add').first()).toHaveAttribute(
    'data-domain',
    'the-encores-demo.myshopify.com',
  );
  await page.getByTestId('shop-add').nth(2).click();
  expect(await page.evaluate('window.__cart')).toEqual([PRODUCT_IDS[2]]);
  await page.context().close();
});

test("the social-post widget: only when enabled, prefilled, sharing off when empty, a 550x450 share window, then cleared; X, LINE, Weibo and KakaoTalk in the fan language's order", async ({
  browser,
  request,
}) => {
  const show = await scheduleShow(request, -60_000, {
    tabs: ['chat'],
    twitter: {
      default_message: 'Front row at the E2E show!',
      prompt: 'Tell the world',
      hashtags: ['Encore', 'E2E'],
    },
    features: { cheers: true, twitter: true },
  });
  const fan = await ticketedFan(request, show.slug);
  const page = await signedInPage(browser, request, fan);
  // The share window's features are what the page asked window.open for: recorded on the way through.
  await page.addInitScript(`(() => {
    const open = window.open.bind(window);
    window.__opens = [];
    window.open = (...args) => {
      window.__opens.push(args);
      return open(...args);
    };
  })()`);
  await page
    .context()
    .route(/^https:\/\/(x\.com|social-plugins\.line\.me|service\.weibo\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
    );
  await page.goto(`/event/${show.slug}`);
  await expect(page.getByTestId('social-toggle')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('social-toggle').click();
  const text = page.getByTestId('social-text');
  await expect(text).toHaveValue('Front row at the E2E show!');
  await expect(page.getByTestId('social-post')).toContainText('Tell the world');

  // Issue 26: the services of the show's fans, the English fan's X first, each named for a screen reader.
  const services = page.getByTestId('social-post').locator('[data-testid^="share-"]:is(button)');
  await expect(services).toHaveText(
    (await page.getByTestId('share-native').count()) > 0
      ? ['X', 'LINE', 'KakaoTalk', 'Weibo', 'More apps']
      : ['X', 'LINE', 'KakaoTalk', 'Weibo'],
  );
  const post = page.getByTestId('share-x');
  await expect(post).toHaveAccessibleName('Share on X, opens a share window');
  await text.fill('   ');
  await expect(post).toBeDisabled();
  await expect(page.getByTestId('share-line')).toBeDisabled();
  await text.fill('Best encore ever');
  await expect(post).toBeEnabled();
  const popup = page.waitForEvent('popup');
  // By keyboard: the button is a real button in the Tab order.
  await post.focus();
  await page.keyboard.press('Enter');
  const share = await popup;
  const url = new URL(share.url());
  expect(url.origin + url.pathname).toBe('https://x.com/intent/post');
  expect(url.searchParams.get('text')).toBe('Best encore ever');
  expect(url.searchParams.get('hashtags')).toBe('Encore,E2E');
  expect(url.searchParams.get('url')).toBe(new URL(`/event/${show.slug}`, page.url()).href);
  const opens = (await page.evaluate('window.__opens')) as [string, string, string][];
  expect(opens).toHaveLength(1);
  const [, name, features] = opens[0] ?? [];
  expect(name).toBe('encore-share');
  expect(features).toMatch(/^width=550,height=450,/);
  await expect(text).toHaveValue('');
  await expect(post).toBeDisabled();
  // Focus goes back to the text, not to the page.
  await expect(text).toBeFocused();
  await share.close();

  // Weibo's share page gets the text with its #tag# hashtags and the show's link.
  await text.fill('Weibo too');
  const weiboPopup = page.waitForEvent('popup');
  await page.getByTestId('share-weibo').click();
  const weibo = new URL((await weiboPopup).url());
  expect(weibo.origin + weibo.pathname).toBe('https://service.weibo.com/share/share.php');
  expect(weibo.searchParams.get('title')).toBe('Weibo too #Encore# #E2E#');

  // KakaoTalk has no share page without its SDK: without a share sheet, the link is copied and said so.
  if ((await page.getByTestId('share-native').count()) === 0) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await text.fill('Kakao too');
    await page.getByTestId('share-kakao').click();
    await expect(page.getByTestId('share-note')).toHaveText('Link copied. Paste it in KakaoTalk.');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(
      `Kakao too #Encore #E2E ${new URL(`/event/${show.slug}`, page.url()).href}`,
    );
  }

  // Feature flag off: no widget at all (MRC-05); the program PDF link stays.
  const quiet = await scheduleShow(request, -60_000, {
    tabs: ['chat'],
    features: { cheers: true, twitter: false },
  });
  const other = await ticketedFan(request, quiet.slug);
  const page2 = await signedInPage(browser, request, other);
  await page2.goto(`/event/${quiet.slug}`);
  await expect(page2.getByTestId('program-pdf')).toBeVisible({ timeout: 30_000 });
  await expect(page2.getByTestId('social-toggle')).toHaveCount(0);
  await page.context().close();
  await page2.context().close();
});

test('the program PDF downloads from a static link; the landing page shows the merchandise store section', async ({
  browser,
  request,
}) => {
  const fan = await ticketedFan(request, 'encore-live');
  const page = await signedInPage(browser, request, fan);
  await page.goto('/event/encore-live');
  const link = page.getByTestId('program-pdf');
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(link).toHaveAttribute('href', '/program.pdf');
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('program.pdf');
  const res = await request.get('/program.pdf');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // MRC-04: the landing page's store section, from the configuration's landing merchandise settings.
  const config = await (await request.get('/config.json')).json();
  expect(config.landing.merch_store).toEqual({
    enabled: true,
    title: '',
    url: 'https://example.com/the-encores/shop',
  });
  await page.goto('/');
  const store = page.getByTestId('merch-store');
  await expect(store).toBeVisible({ timeout: 30_000 });
  await expect(store.getByTestId('merch-store-link')).toHaveAttribute(
    'href',
    'https://example.com/the-encores/shop',
  );
  await expect(store.getByTestId('merch-store-link')).toHaveAttribute('target', '_blank');
  await page.context().close();
});
