import type { Toss } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { binOf, binsAround, REPLAY_BIN_MS, readBin, visibleAt } from './chat-replay-bins.ts';

const toss = (id: string, ms: number): Toss => ({
  toss_id: id,
  hang_id: 1,
  toss_type: 'chat',
  toss_text: id,
  toss_data: null,
  send_time: new Date(ms).toISOString(),
  sender: {
    id: 1,
    username: 'fan',
    profile_image_75x75: null,
    profile_image_150x150: null,
    chat_monikers: [],
  },
});

describe('chat replay bins', () => {
  it('needs the bin before the moment, its own and the next', () => {
    const t = 5 * REPLAY_BIN_MS + 10;
    expect(binOf(t)).toBe(5);
    expect(binsAround(binOf(t))).toEqual([4, 5, 6]);
  });

  it('shows what was sent up to the moment, the latest last, across bins', () => {
    const bins = [
      [toss('a', 1000), toss('b', 59_000)],
      [toss('c', 61_000), toss('d', 70_000)],
    ];
    expect(visibleAt(bins, 65_000).map((t) => t.toss_id)).toEqual(['a', 'b', 'c']);
    expect(visibleAt(bins, 65_000, 2).map((t) => t.toss_id)).toEqual(['b', 'c']);
    // A seek back shows less: nothing after the new moment.
    expect(visibleAt(bins, 2000).map((t) => t.toss_id)).toEqual(['a']);
  });

  it('follows a truncated bin after its last toss, neither losing nor repeating tosses of one instant', async () => {
    const all = [toss('a', 1000), toss('b', 2000), toss('c', 2000), toss('d', 2000), toss('e', 3000)];
    const asked: string[] = [];
    // The server's rule: (send_time, id) after (from, after), before to.
    const page = async (fromMs: number, toMs: number, afterId: string | undefined) => {
      asked.push(`${fromMs}/${afterId ?? ''}`);
      const inWindow = all.filter((t) => {
        const ms = Date.parse(t.send_time);
        if (ms >= toMs) return false;
        return afterId === undefined ? ms >= fromMs : ms > fromMs || (ms === fromMs && t.toss_id > afterId);
      });
      return { tosses: inWindow.slice(0, 2), truncated: inWindow.length > 2 };
    };
    expect((await readBin(0, page)).map((t) => t.toss_id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(asked).toEqual(['0/', '2000/b', '2000/d']);
  });
});
