import { describe, expect, it } from 'vitest';
import { SlateAlert } from './alerts.ts';
import { MerchItem, Vendor } from './shows.ts';
import { isSitePath, isWebOrSiteUrl, isWebUrl, safeHref } from './url-rules.ts';

/** Issue 29, item 4: one URL allow-list for every URL field a host sets. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'gopher://127.0.0.1:70/x',
  'ftp://files.example/x',
  'vbscript:msgbox',
  'blob:https://encore.example/x',
  '//evil.example/x',
  '/\\127.0.0.1:8259/x',
  '\\\\evil.example\\x',
  '/\t/evil.example/x',
  '/\n/evil.example/x',
  'https:evil.example',
  'https:/evil.example',
  'https://bank.example@evil.example/',
  'https://',
  'x',
];

describe('the URL allow-list (url-rules.ts)', () => {
  it('takes http(s) URLs and paths on this site', () => {
    for (const ok of ['https://shop.example.com/a?b=1#c', 'http://shop.example.com', 'HTTPS://X.EXAMPLE/']) {
      expect(isWebUrl(ok), ok).toBe(true);
    }
    for (const ok of ['/', '/media/captions/en.vtt', '/vendors/a.svg?v=2', '/x/%2F/y']) {
      expect(isSitePath(ok), ok).toBe(true);
      expect(isWebOrSiteUrl(ok), ok).toBe(true);
    }
    expect(isWebUrl('http://shop.example.com/', { httpsOnly: true })).toBe(false);
  });

  it('refuses every other scheme, network-path references, control characters and credentials', () => {
    for (const bad of HOSTILE) {
      expect(isWebOrSiteUrl(bad), JSON.stringify(bad)).toBe(false);
      expect(safeHref(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('applies to the show and alert fields, naming the field', () => {
    const merch = MerchItem.safeParse({ name: 'Tee', url: 'javascript:alert(1)', image: '' });
    expect(merch.success).toBe(false);
    expect(merch.error?.issues[0]?.path).toEqual(['url']);
    expect(MerchItem.safeParse({ name: 'Tee', url: '/shop/tee', image: '' }).success).toBe(false);
    expect(MerchItem.safeParse({ name: 'Tee', url: 'https://shop.example/t', image: '/t.png' }).success).toBe(
      true,
    );
    const slate = SlateAlert.safeParse({ type: 'slate', url: '/s.png', link: 'file:///etc/passwd' });
    expect(slate.error?.issues[0]?.path).toEqual(['link']);
    const vendor = { id: 'v', name: 'V', logo: '/v.svg', qr: null, external_urls: {} };
    const rest = {
      validate_type: 'external',
      token_name: 'code',
      ticket_validate_title: {},
      ticket_validate_sub_title: {},
      ticket_validate_email_label: {},
      ticket_validate_email_placeholder: {},
      ticket_validate_email_hint: {},
      ticket_validate_token_label: {},
      ticket_validate_token_placeholder: {},
      ticket_validate_token_hint: {},
      ticket_validate_success_msg: {},
    };
    expect(Vendor.safeParse({ ...vendor, ...rest }).success).toBe(true);
    const bad = Vendor.safeParse({ ...vendor, ...rest, external_urls: { en: 'gopher://x.example/' } });
    expect(bad.error?.issues[0]?.path).toEqual(['external_urls', 'en']);
  });
});
