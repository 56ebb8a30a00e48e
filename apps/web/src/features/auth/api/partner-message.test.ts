import { describe, expect, it } from 'vitest';
import { readPartnerMessage } from './partner-message.ts';

const PARTNER = 'https://account.partner.test';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('readPartnerMessage (accounts section 4)', () => {
  it('takes a three-part token from the partner account origin only', () => {
    expect(readPartnerMessage(PARTNER, JWT, PARTNER)).toEqual({ kind: 'token', token: JWT });
    expect(readPartnerMessage(PARTNER, ` ${JWT} `, PARTNER)).toEqual({ kind: 'token', token: JWT });
    expect(readPartnerMessage('https://evil.test', JWT, PARTNER)).toEqual({ kind: 'ignore' });
    expect(readPartnerMessage(PARTNER, JWT, null)).toEqual({ kind: 'ignore' });
  });

  it('tells empty data from a bad token', () => {
    for (const empty of ['', null, undefined])
      expect(readPartnerMessage(PARTNER, empty, PARTNER).kind).toBe('empty');
    for (const bad of ['a.b', 'a.b.c.d', 'not a token', { token: JWT }, 42, 'a.b.c d']) {
      expect(readPartnerMessage(PARTNER, bad, PARTNER).kind, String(bad)).toBe('bad-token');
    }
  });
});
