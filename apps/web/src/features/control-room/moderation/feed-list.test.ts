import type { Toss } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { mergeFeed } from './feed-list.ts';

const toss = (id: string, at: string): Toss => ({
  toss_id: id,
  hang_id: 1,
  toss_type: 'chat',
  toss_text: id,
  toss_data: null,
  send_time: at,
  sender: {
    id: 1,
    username: 'mina',
    profile_image_75x75: null,
    profile_image_150x150: null,
    chat_monikers: [],
  },
});

describe('the moderators feed', () => {
  it('merges every hang in time order, once per toss, keeping the newest', () => {
    const a = toss('a', '2026-11-24T12:00:00.000Z');
    const b = toss('b', '2026-11-24T12:00:02.000Z');
    const c = toss('c', '2026-11-24T12:00:01.000Z');
    const list = mergeFeed([a, b], [c, a]);
    expect(list.map((t) => t.toss_id)).toEqual(['a', 'c', 'b']);
    expect(mergeFeed(list, [b])).toBe(list);
    expect(mergeFeed(list, [toss('d', '2026-11-24T12:00:03.000Z')], 2).map((t) => t.toss_id)).toEqual([
      'b',
      'd',
    ]);
  });
});
