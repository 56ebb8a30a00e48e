import type { Page } from 'puppeteer-core';

/**
 * The player's quality and captions menus by keyboard in another engine (issue 26): each opens from
 * its button with Enter, shows every option (each the topmost element at its centre, inside the
 * menu's box), moves focus with the arrow keys, and gives focus back to its button on Escape.
 */
const byTestId = (id: string) => `[data-testid="${id}"]`;

type El = {
  dataset: Record<string, string | undefined>;
  getBoundingClientRect(): { x: number; y: number; width: number; height: number; bottom: number };
  contains(other: unknown): boolean;
  querySelectorAll(sel: string): ArrayLike<El>;
};
type Doc = { activeElement: El | null; elementFromPoint(x: number, y: number): unknown };

const focusedId = (page: Page) =>
  page.evaluate(() => {
    const el = (globalThis as unknown as { document: Doc }).document.activeElement;
    return el?.dataset.testid ?? el?.dataset.value ?? null;
  });

export async function playerMenusByKeyboard(page: Page, minOptions: Record<string, number>): Promise<void> {
  for (const [button, menu] of [
    ['player-quality', 'quality-menu'],
    ['player-captions', 'captions-menu'],
  ] as const) {
    await page.hover(byTestId('player'));
    await page.focus(byTestId(button));
    await page.keyboard.press('Enter');
    await page.waitForSelector(byTestId(menu), { visible: true });
    const shown = await page.$eval(byTestId(menu), (m) => {
      const box = (m as unknown as El).getBoundingClientRect();
      const doc = (globalThis as unknown as { document: Doc }).document;
      const items = Array.from((m as unknown as El).querySelectorAll('[role="menuitemradio"]'));
      const hidden = items.filter((item) => {
        const b = item.getBoundingClientRect();
        const inside = b.y >= box.y - 0.5 && b.bottom <= box.y + box.height + 0.5;
        return !inside || !item.contains(doc.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2));
      });
      return { count: items.length, hidden: hidden.map((i) => i.dataset.value) };
    });
    if (shown.count < (minOptions[menu] ?? 2) || shown.hidden.length > 0)
      throw new Error(`${menu}: ${shown.count} options, not shown: ${shown.hidden.join(', ')}`);
    const first = await focusedId(page);
    await page.keyboard.press('ArrowDown');
    const second = await focusedId(page);
    if (!first || !second || first === second)
      throw new Error(`${menu}: ArrowDown moved focus ${first} → ${second}`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(byTestId(menu), { hidden: true });
    const back = await focusedId(page);
    if (back !== button) throw new Error(`${menu}: after Escape the focus is on ${back}, not ${button}`);
  }
}
