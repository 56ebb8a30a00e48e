import type { ShowTicketItem } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { itemForTicket, itemName, levelItems } from './ticket-item-name.ts';

const item = (id: string, attrs: ShowTicketItem['ticket_attributes']): ShowTicketItem => ({
  item_id: id,
  display_name: { en: `${id} pass`, ko: `${id} 패스` },
  display_description: {},
  price: 2500,
  currency: 'USD',
  sale_currency_symbol: '$',
  ticket_attributes: attrs,
});
const HD = item('hd', { type: 'Directors' });
const UHD = item('uhd', { type: 'Directors', '4K': true });

describe('itemForTicket (issue 26: one name per item)', () => {
  it('finds the item granting exactly the ticket attributes; an absent 4K is false', () => {
    expect(itemForTicket([HD, UHD], { type: 'Directors' })).toBe(HD);
    expect(itemForTicket([HD, UHD], { type: 'directors', '4K': false })).toBe(HD);
    expect(itemForTicket([HD, UHD], { type: 'Directors', '4K': true })).toBe(UHD);
  });

  it('is null for a ticket no item grants, or a show selling none', () => {
    expect(itemForTicket([HD, UHD], { type: 'GA' })).toBeNull();
    expect(itemForTicket([HD, UHD], { type: 'Directors', tmo: true })).toBeNull();
    expect(itemForTicket(undefined, { type: 'Directors' })).toBeNull();
    expect(itemForTicket([HD], null)).toBeNull();
  });

  it('names the item in the locale, English when it lacks one', () => {
    expect(itemName(HD, 'ko')).toBe('hd 패스');
    expect(itemName(HD, 'ja')).toBe('hd pass');
    expect(itemName(null, 'en')).toBeNull();
  });

  it('levelItems: the HD level is the item without 4K, the 4K level the one with it', () => {
    expect(levelItems([UHD, HD])).toEqual({ hd: HD, uhd: UHD });
    expect(levelItems(undefined)).toEqual({ hd: null, uhd: null });
  });
});
