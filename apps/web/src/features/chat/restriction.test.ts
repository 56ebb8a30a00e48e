import { describe, expect, it } from 'vitest';
import { restrictionActive, restrictionEndsAt } from './restriction.ts';

describe('a chat restriction', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('a timeout holds until its end; a ban or chat off until lifted; none never', () => {
    expect(restrictionActive({ kind: 'timeout', until: '2026-11-24T12:05:00Z' }, now)).toBe(true);
    expect(restrictionActive({ kind: 'timeout', until: '2026-11-24T11:59:59Z' }, now)).toBe(false);
    expect(restrictionActive({ kind: 'ban', until: null }, now)).toBe(true);
    expect(restrictionActive({ kind: 'chat_off', until: null }, now)).toBe(true);
    expect(restrictionActive(null, now)).toBe(false);
    expect(restrictionEndsAt({ kind: 'timeout', until: '2026-11-24T12:05:00Z' })).toBe(now + 300_000);
    expect(restrictionEndsAt({ kind: 'ban', until: null })).toBe(0);
  });
});
