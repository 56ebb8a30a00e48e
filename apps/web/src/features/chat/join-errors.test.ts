import { RESULT_CODES } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { CHANNEL_SETUP_FAILED, joinNoticeKey } from './join-errors.ts';

describe('join notices', () => {
  it('apologises for a 5xx and says "cannot join" for a refusal', () => {
    for (const status of [500, 501, 502, 503, 504] as const)
      expect(joinNoticeKey(RESULT_CODES.joinHang[status])).toBe('chat-join-server-error');
    for (const status of [202, 206, 400, 403, 412, 404, 409] as const)
      expect(joinNoticeKey(RESULT_CODES.joinHang[status])).toBe('chat-join-cannot');
  });

  it('says "join failed" for an unknown answer or no answer', () => {
    expect(joinNoticeKey('UNKNOWN_ERROR')).toBe('chat-join-failed');
    expect(joinNoticeKey('CONNECTION_ERROR')).toBe('chat-join-failed');
  });

  it("says 'channel setup failed' when the gateway refuses the room's channel (LAND-33)", () => {
    expect(joinNoticeKey(CHANNEL_SETUP_FAILED)).toBe('chat-channel-setup-failed');
  });
});
