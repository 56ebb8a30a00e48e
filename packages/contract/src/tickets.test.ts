import { describe, expect, it } from 'vitest';
import {
  computeEntitlements,
  DEFAULT_MULTIVIEW_MODE,
  isWellFormedTicketCode,
  MULTIVIEW_COUNTS,
  multiviewMode,
  normalizeTicketCode,
} from './ticket-rules.ts';
import { ImportedTicketAttributes, TicketValidateBody } from './tickets.ts';

describe('computeEntitlements (accounts section 6, viewing section 4)', () => {
  it.each([
    ['no attributes', null, 1],
    ['empty attributes', {}, 1],
    ['GA', { type: 'GA' }, 1],
    ['GA wins over tmo and mview', { type: 'GA', tmo: true, mview: 6 }, 1],
    ['Directors', { type: 'Directors' }, 6],
    ['tmo true', { tmo: true }, 6],
    ['tmo false', { tmo: false }, 4],
    ['tmo false wins over mview', { tmo: false, mview: 6 }, 4],
    ['mview 4', { mview: 4 }, 4],
    ['mview 6', { mview: 6 }, 6],
    ['mview 1', { mview: 1 }, 1],
    ['mview 5 is not a count', { mview: 5 }, 1],
    ['mview 0', { mview: 0 }, 1],
    ['another type uses mview', { type: 'VIP', mview: 4 }, 4],
  ] as const)('%s → multiview %i', (_case, attributes, multiview) => {
    expect(computeEntitlements(attributes, false).multiview).toBe(multiview);
  });

  it('uhd only with the 4K attribute and a stream4k in the show', () => {
    expect(computeEntitlements({ '4K': true }, true).uhd).toBe(true);
    expect(computeEntitlements({ '4K': true }, false).uhd).toBe(false);
    expect(computeEntitlements({ '4K': false }, true).uhd).toBe(false);
    expect(computeEntitlements({}, true).uhd).toBe(false);
    expect(computeEntitlements({ type: 'Directors', '4K': true }, true)).toEqual({ multiview: 6, uhd: true });
  });
});

describe('POST /thor/ticket/validate/ body shapes', () => {
  it('a cached check', () => {
    const body = { paid_event: 'ENCORE_LIVE', redeemed_only: true, vendor: 'encore' };
    expect(TicketValidateBody.parse(body)).toEqual(body);
  });

  it('a token check', () => {
    const body = { auth_token: 'abc', paid_event: 'ENCORE_LIVE' };
    expect(TicketValidateBody.parse(body)).toEqual(body);
  });

  it('a manual check, even when a paid_event comes along', () => {
    const body = { channel_id: 1, token: 'abcd', email: 'a@b.co', vendor: 'encore', redeemed_only: false };
    expect(TicketValidateBody.parse({ ...body, paid_event: 'X' })).toEqual(body);
  });

  it('a body of no shape is refused', () => {
    expect(TicketValidateBody.safeParse({ paid_event: 'X' }).success).toBe(false);
    expect(TicketValidateBody.safeParse({ token: 'abcd', email: 'a@b.co' }).success).toBe(false);
    expect(TicketValidateBody.safeParse({}).success).toBe(false);
  });
});

describe('booking codes', () => {
  it('are trimmed and uppercased, and need 4 to 64 letters, digits, - or _', () => {
    expect(normalizeTicketCode('  encore-demo-0001 ')).toBe('ENCORE-DEMO-0001');
    expect(isWellFormedTicketCode('ABCD')).toBe(true);
    expect(isWellFormedTicketCode('ABC')).toBe(false);
    expect(isWellFormedTicketCode('AB CD')).toBe(false);
    expect(isWellFormedTicketCode('-ABCD')).toBe(false);
    expect(isWellFormedTicketCode('A'.repeat(65))).toBe(false);
  });

  it('imported attributes refuse unknown keys and multiview counts that do not exist', () => {
    expect(ImportedTicketAttributes.safeParse({ type: 'GA', '4K': true, mview: 6 }).success).toBe(true);
    expect(ImportedTicketAttributes.safeParse({ '4k': true }).success).toBe(false);
    expect(ImportedTicketAttributes.safeParse({ mview: 5 }).success).toBe(false);
  });
});

describe('multiview mode (MV-10)', () => {
  it('is 6 by default, 4 for a four-angle ticket, none for a single view; counts are 1, 4, 6', () => {
    expect(MULTIVIEW_COUNTS).toEqual([1, 4, 6]);
    expect(DEFAULT_MULTIVIEW_MODE).toBe(6);
    expect(multiviewMode(6)).toBe(6);
    expect(multiviewMode(4)).toBe(4);
    expect(multiviewMode(1)).toBeNull();
    expect(multiviewMode(computeEntitlements({ mview: 6 }, false).multiview)).toBe(DEFAULT_MULTIVIEW_MODE);
  });
});
