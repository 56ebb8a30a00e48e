import { type EventConfig, VIEWER_TABS, type ViewerTab } from '@encore/contract';

const KNOWN = new Set<string>(VIEWER_TABS);

/**
 * The tabs of the chat column, in the order the event configuration lists them (LAY-07, LAY-08):
 * unknown names and repeats are dropped, and so is a merch tab without items to show (an empty tab
 * would be a dead end), and a react tab while the cheers feature is off (CHR-18).
 */
export function viewerTabs(
  config: Pick<EventConfig, 'tabs' | 'merch'> & { features?: { cheers: boolean } },
): ViewerTab[] {
  const tabs: ViewerTab[] = [];
  for (const name of config.tabs) {
    if (!KNOWN.has(name) || tabs.includes(name as ViewerTab)) continue;
    if (name === 'merch' && !config.merch?.items.length && !config.merch?.product_ids?.length) continue;
    if (name === 'react' && config.features?.cheers === false) continue;
    tabs.push(name as ViewerTab);
  }
  return tabs;
}

/** LAY-09: the tab strip shows only when there is more than one tab to choose from. */
export const showsTabStrip = (tabs: readonly ViewerTab[]): boolean => tabs.length > 1;

/** The tab an arrow, Home or End key moves to from the current one (WAI-ARIA tabs); null: not such a key. */
export function tabKeyTarget<T>(tabs: readonly T[], current: T, key: string): T | null {
  const i = tabs.indexOf(current);
  if (tabs.length === 0 || i < 0) return null;
  const at = (n: number) => tabs[(n + tabs.length) % tabs.length] ?? null;
  if (key === 'ArrowRight' || key === 'ArrowDown') return at(i + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return at(i - 1);
  if (key === 'Home') return at(0);
  if (key === 'End') return at(tabs.length - 1);
  return null;
}
