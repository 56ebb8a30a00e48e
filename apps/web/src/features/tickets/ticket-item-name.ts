import type { Locale, ShowTicketItem, TicketAttributes } from '@encore/contract';
import { localeText } from '../../lib/i18n/locale-text.ts';

/** Attributes compared as the entitlement reads them: an absent flag is false (TIX-07). */
const key = (a: TicketAttributes) =>
  JSON.stringify([a.type?.toLowerCase() ?? null, a.tmo ?? null, a.mview ?? null, a['4K'] === true]);

/**
 * The item a ticket was sold as: the show's item granting exactly these attributes. One name per item
 * everywhere (issue 26: "HD Multiview Pass" was "Directors ticket" on the card and "HD Multiview
 * ticket" on the landing); null for a ticket no item of the show grants (a vendor's own code).
 */
export function itemForTicket(
  items: readonly ShowTicketItem[] | undefined,
  attributes: TicketAttributes | null | undefined,
): ShowTicketItem | null {
  if (!items || !attributes) return null;
  const wanted = key(attributes);
  return items.find((i) => key(i.ticket_attributes) === wanted) ?? null;
}

/** The landing's two ticket levels (accounts section 1) as the show's own items, when it sells them. */
export function levelItems(items: readonly ShowTicketItem[] | undefined): {
  hd: ShowTicketItem | null;
  uhd: ShowTicketItem | null;
} {
  const list = items ?? [];
  return {
    hd: list.find((i) => i.ticket_attributes['4K'] !== true) ?? null,
    uhd: list.find((i) => i.ticket_attributes['4K'] === true) ?? null,
  };
}

export const itemName = (item: ShowTicketItem | null, locale: Locale): string | null =>
  item ? localeText(item.display_name, locale) || null : null;
