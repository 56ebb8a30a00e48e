import { expect, type Locator, type Page } from '@playwright/test';

/** The page's DOM as far as these checks need it (the e2e project has no DOM types). */
interface Node {
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  contains(other: unknown): boolean;
  closest(selector: string): { getAttribute(name: string): string | null } | null;
  tagName: string;
  className: unknown;
}

/**
 * Issue 26: whether what the fan sees at the middle of a control is the control (elementFromPoint),
 * not a banner, a floating button or another row drawn over it. The control is scrolled into view
 * first, as a fan would scroll to it; answers null, or what covers it.
 */
export async function coveringOf(control: Locator): Promise<string | null> {
  await control.scrollIntoViewIfNeeded();
  return control.evaluate((el: Node) => {
    const doc = (
      globalThis as unknown as { document: { elementFromPoint(x: number, y: number): Node | null } }
    ).document;
    const box = el.getBoundingClientRect();
    const hit = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit && (hit === el || el.contains(hit))) return null;
    if (!hit) return 'nothing (off screen)';
    const owner = hit.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
    return `${hit.tagName.toLowerCase()}.${String(hit.className)} in [${owner}]`;
  });
}

/** Every control named by test id is uncovered (see coveringOf). */
export async function expectUncovered(page: Page, testIds: string[]): Promise<void> {
  for (const id of testIds) {
    expect(await coveringOf(page.getByTestId(id).first()), `${id} is covered by`).toBeNull();
  }
}
