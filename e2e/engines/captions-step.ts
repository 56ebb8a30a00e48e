import type { Page } from 'puppeteer-core';

/**
 * Captions above the shown control bar in another engine (issue 26: Firefox drew them over the bar,
 * which has no ::-webkit-media-text-track-container to move). English captions on, the bar shown by
 * hovering: the active cue's box ends above the bar's first row; the bar hidden: the cue has its own
 * line back. `shot`: a screenshot of the player with the bar and a caption, to look at.
 */
const byTestId = (id: string) => `[data-testid="${id}"]`;

type Cue = { text: string; line: number | 'auto'; snapToLines: boolean; lineAlign: string };
type Rect = { top: number; bottom: number; height: number };
type VideoLike = {
  clientHeight: number;
  getBoundingClientRect(): Rect;
  textTracks: ArrayLike<{ mode: string; activeCues: ArrayLike<Cue> | null }>;
};
type Doc = {
  querySelector(sel: string): { getBoundingClientRect(): Rect; firstElementChild: unknown } | null;
};

export interface CuePlacement {
  text: string;
  line: number | 'auto';
  snapToLines: boolean;
  /** Where the cue box ends, in page pixels (percent lines only), and where the bar's rows begin. */
  cueBottom: number | null;
  barTop: number;
  controls: string;
}

/** The showing track's first active cue, where its line puts it, and the top of the bar's rows. */
const placement = (page: Page) =>
  page.evaluate((): CuePlacement | null => {
    const doc = (globalThis as unknown as { document: Doc }).document;
    const video = doc.querySelector('[data-testid="player-video"]') as unknown as VideoLike | null;
    const bar = doc.querySelector('[data-testid="control-bar"]');
    const player = doc.querySelector('[data-testid="player"]') as unknown as {
      dataset: Record<string, string>;
    } | null;
    if (!video || !bar || !player) return null;
    const track = Array.from(video.textTracks).find((t) => t.mode === 'showing');
    const cue = track?.activeCues?.[0];
    if (!cue) return null;
    const box = video.getBoundingClientRect();
    // The bar's box starts with its gradient's padding; what the fan reads as the bar is its rows.
    const firstRow = bar.firstElementChild as { getBoundingClientRect(): Rect } | null;
    const cueBottom =
      !cue.snapToLines && typeof cue.line === 'number' && cue.lineAlign === 'end'
        ? box.top + (box.height * cue.line) / 100
        : null;
    return {
      text: cue.text,
      line: cue.line,
      snapToLines: cue.snapToLines,
      cueBottom,
      barTop: (firstRow ?? bar).getBoundingClientRect().top,
      controls: player.dataset.controls ?? '',
    };
  });

export async function captionsAboveBar(page: Page, shot?: string): Promise<CuePlacement> {
  await page.hover(byTestId('player'));
  await page.locator(byTestId('player-captions')).click();
  await page.locator(`${byTestId('captions-menu')} [data-value="en"]`).click();
  await page.waitForSelector(byTestId('captions-menu'), { hidden: true });
  // The pointer rests on the picture, away from the bar: the bar stays while it hovers.
  await page.hover(byTestId('player-video'));
  await page.waitForSelector(`${byTestId('player')}[data-controls="shown"]`);
  let last: CuePlacement | null = null;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    last = await placement(page);
    if (last && last.controls === 'shown' && last.cueBottom !== null && last.cueBottom <= last.barTop) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!last || last.cueBottom === null || last.cueBottom > last.barTop)
    throw new Error(`captions: the cue is not above the shown bar: ${JSON.stringify(last)}`);
  const lifted = last;
  // Firefox draws a changed cue on its next time update: a moment for the picture to follow.
  await new Promise((r) => setTimeout(r, 600));
  if (shot) await page.screenshot({ path: shot as `${string}.png` });
  // The pointer leaves the player: the bar hides and the cue goes back to its own line.
  await page.mouse.move(2, 2);
  await page.waitForSelector(`${byTestId('player')}[data-controls="hidden"]`, { timeout: 10_000 });
  const down = await placement(page);
  if (down && down.line !== 'auto')
    throw new Error(`captions: the cue stays lifted with the bar hidden: ${JSON.stringify(down)}`);
  return lifted;
}
