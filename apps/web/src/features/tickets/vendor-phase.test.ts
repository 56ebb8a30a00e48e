import type { Vendor } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { buyNeedsLogin } from './buy-needs-login.ts';
import { buyOptions, initialPhase, otherVendors, phaseForVendor } from './vendor-phase.ts';

const vendor = (
  id: string,
  validate_type: Vendor['validate_type'],
  urls: Vendor['external_urls'] = {},
): Vendor => ({
  id,
  name: id,
  logo: '',
  qr: null,
  external_urls: urls,
  validate_type,
  token_name: 'Booking number',
  ticket_validate_title: {},
  ticket_validate_sub_title: {},
  ticket_validate_email_label: {},
  ticket_validate_email_placeholder: {},
  ticket_validate_email_hint: {},
  ticket_validate_token_label: {},
  ticket_validate_token_placeholder: {},
  ticket_validate_token_hint: {},
  ticket_validate_success_msg: {},
});

const shopA = vendor('ticketshop', 'external', { en: 'https://a.example/en', ko: 'https://a.example/ko' });
const shopB = vendor('othershop', 'external');
const own = vendor('encore', 'encore');
const partner = vendor('weverse', 'weverse', { en: 'https://partner.example' });

describe('validation phase', () => {
  it('shows the selector for more than one external vendor (TIX-12)', () => {
    const p = initialPhase([own, shopA, shopB]);
    expect(p.phase).toBe('SHOW_SELECTOR');
    if (p.phase === 'SHOW_SELECTOR')
      expect(p.choices.map((v) => v.id)).toEqual(['encore', 'ticketshop', 'othershop']);
  });

  it("selects a single external vendor at once (TIX-13); beside it, Encore's own tickets first (issue 14)", () => {
    expect(initialPhase([shopA])).toEqual({ phase: 'VALIDATE', vendor: shopA });
    expect(initialPhase([own, shopA])).toEqual({ phase: 'VALIDATE', vendor: own });
    expect(initialPhase([shopA, own])).toEqual({ phase: 'VALIDATE', vendor: own });
  });

  it("starts Encore's own dialog with its code form, the account asked by the form (issue 26)", () => {
    expect(initialPhase([own])).toEqual({ phase: 'VALIDATE', vendor: own });
  });

  it('checks the cached ticket for the partner or third-party vendor (TIX-15)', () => {
    expect(initialPhase([partner])).toEqual({ phase: 'CACHED_CHECK', vendor: partner });
    expect(phaseForVendor(vendor('thirdparty', 'thirdparty')).phase).toBe('CACHED_CHECK');
    expect(initialPhase([])).toEqual({ phase: 'NONE' });
  });

  it('offers the account check beside a shop form, not a second shop', () => {
    expect(otherVendors([own, shopA, partner], shopA).map((v) => v.id)).toEqual(['encore', 'weverse']);
    expect(otherVendors([own, shopA], own).map((v) => v.id)).toEqual(['ticketshop']);
  });
});

describe('buying', () => {
  it('lists vendors with a shop page in the locale, falling back to en', () => {
    expect(buyOptions([own, shopA, partner], 'ko')).toEqual([
      { vendor: shopA, url: 'https://a.example/ko' },
      { vendor: partner, url: 'https://partner.example' },
    ]);
    expect(buyOptions([shopA], 'ja')[0]?.url).toBe('https://a.example/en');
  });

  it('offers no shop whose page is not http(s) or a path on this site (issue 29)', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', '//evil.example/']) {
      expect(buyOptions([vendor('bad', 'external', { en: bad })], 'en'), bad).toEqual([]);
    }
    expect(buyOptions([vendor('ok', 'external', { en: '/shop' })], 'en')).toHaveLength(1);
  });

  it('needs login unless the partner platform is the only vendor (TIX-18/19)', () => {
    expect(buyNeedsLogin([shopA])).toBe(true);
    expect(buyNeedsLogin([partner, shopA])).toBe(true);
    expect(buyNeedsLogin([partner])).toBe(false);
  });
});
