import { scheduleShow } from '../support/api.ts';
import { enterChat, signedInPage, ticketedFan } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/** The chat column's tabs (viewing section 2: LAY-07..09); the sticker store is in chat.spec.ts. */
test.describe.configure({ timeout: 120_000 });

test('the demo show offers its tabs in configured order: chat, stickers, merch and react', async ({
  browser,
  request,
}) => {
  const fan = await ticketedFan(request, 'encore-live');
  const a = await signedInPage(browser, request, fan);
  await enterChat(a, 'encore-live');

  const strip = a.getByTestId('chat-tabs');
  await expect(strip.getByRole('tab')).toHaveText(['Chat', 'Stickers', 'Merch', 'React']);
  await expect(a.getByTestId('chat-tab-chat')).toHaveAttribute('aria-selected', 'true');

  // Merch: the show's items, each BUY opening its shop page in a new tab.
  await a.getByTestId('chat-tab-merch').click();
  await expect(a.getByTestId('chat-tab-merch')).toHaveAttribute('aria-selected', 'true');
  const items = a.getByTestId('merch-item');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText('Official Light Stick');
  for (const buy of await a.getByTestId('merch-buy').all()) {
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('href', /^https:\/\//);
  }
  // The shop is another site, out of reach of this machine: it answers from here.
  await a
    .context()
    .route('https://example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>The Encores shop</title>' }),
    );
  const popup = a.waitForEvent('popup');
  await a.getByTestId('merch-buy').first().click();
  const shop = await popup;
  await expect(shop).toHaveURL('https://example.com/the-encores/shop/light-stick');
  await shop.close();
  await expect(a.getByTestId('chat-input')).toHaveCount(0);

  // React: each tap cheers, with a particle from the configured sprites.
  await a.getByTestId('chat-tab-react').click();
  await expect(a.getByTestId('react-tab')).toBeVisible();
  const cheer = a.getByTestId('cheer-button');
  // Particles live 0.65 s: too short to find afterwards on a busy machine, so the page notes each one
  // as it is added.
  await a.evaluate(`(() => {
    window.__particles = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node.dataset && node.dataset.testid === 'cheer-particle') window.__particles.push(node.getAttribute('src'));
    }).observe(document.querySelector('[data-testid="react-tab"]'), { childList: true, subtree: true });
  })()`);
  for (let i = 0; i < 3; i++) await cheer.click();
  await expect(a.getByTestId('cheer-count')).toHaveText('3');
  const particles = (await a.evaluate('window.__particles')) as string[];
  expect(particles).toHaveLength(3);
  for (const src of particles) expect(src).toMatch(/\/thor\/pg\/sticker-images\/(heart|star|note)\.svg$/);
  // Particles live up to 0.65 s, then leave.
  await expect(a.getByTestId('cheer-particle')).toHaveCount(0);

  // Back to chat: the room was kept all along.
  await a.getByTestId('chat-tab-chat').click();
  await expect(a.getByTestId('chat-input')).toBeEnabled();
});

test('one configured tab shows no tab strip; the configured order decides the first tab', async ({
  browser,
  request,
}) => {
  const single = await scheduleShow(request, -60_000, { tabs: ['chat'] });
  const reordered = await scheduleShow(request, -60_000, { tabs: ['react', 'chat', 'nonsense'] });
  const [mina, joon] = await Promise.all([
    ticketedFan(request, single.slug),
    ticketedFan(request, reordered.slug),
  ]);
  const a = await signedInPage(browser, request, mina);
  const b = await signedInPage(browser, request, joon);

  await enterChat(a, single.slug);
  await expect(a.getByTestId('chat-tabs')).toHaveCount(0);
  await expect(a.getByRole('tab')).toHaveCount(0);

  await b.goto(`/event/${reordered.slug}`);
  await expect(b.getByTestId('chat-tabs').getByRole('tab')).toHaveText(['React', 'Chat']);
  await expect(b.getByTestId('react-tab')).toBeVisible({ timeout: 30_000 });
  await expect(b.getByTestId('chat-tab-react')).toHaveAttribute('aria-selected', 'true');
  await b.getByTestId('chat-tab-chat').click();
  await expect(b.getByTestId('chat-input')).toBeEnabled();
});
