import type { Toss } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { mentions, newAnnouncements } from './chat-announcements.ts';
import type { ChatMessage } from './chat-message.ts';

const msg = (id: string, text: string, extra: Partial<ChatMessage> = {}, from = 'mina'): ChatMessage => ({
  toss_id: id,
  hang_id: 1,
  toss_type: 'chat',
  toss_text: text,
  toss_data: null,
  send_time: '2026-11-24T12:00:00Z',
  sender: {
    id: 2,
    username: from,
    profile_image_75x75: null,
    profile_image_150x150: null,
    chat_monikers: [],
  },
  own: false,
  ...(extra as Partial<Toss>),
  ...extra,
});

describe('chat announcements', () => {
  it('announces nothing of an ordinary busy room', () => {
    const room = Array.from({ length: 50 }, (_, i) => msg(`t${i}`, `hello ${i}`));
    expect(newAnnouncements(room, new Set(), 'joon')).toEqual([]);
  });

  it("announces the fan's own held and failed messages, once each", () => {
    const list = [
      msg('a', 'bad word', { own: true, localOnly: 'profanity' }, 'joon'),
      msg('b', 'while off', { own: true, localOnly: 'chat_disabled' }, 'joon'),
      msg('c', 'lost', { own: true, failed: true }, 'joon'),
      msg('d', 'fine', { own: true }, 'joon'),
    ];
    const first = newAnnouncements(list, new Set(), 'joon');
    expect(first.map((a) => a.kind)).toEqual(['held-profanity', 'held-disabled', 'failed']);
    expect(newAnnouncements(list, new Set(first.map((a) => a.key)), 'joon')).toEqual([]);
  });

  it('announces a message that mentions the fan as @name, not one that only contains the name', () => {
    expect(mentions('hi @Joon see you', 'joon')).toBe(true);
    expect(mentions('@joon', 'joon')).toBe(true);
    expect(mentions('hi @joonie', 'joon')).toBe(false);
    expect(mentions('joon is here', 'joon')).toBe(false);
    const list = [msg('m', 'hey @joon look at cam 3'), msg('n', 'joon?')];
    expect(newAnnouncements(list, new Set(), 'joon')).toEqual([
      { key: 'm:mention', kind: 'mention', text: 'hey @joon look at cam 3', from: 'mina' },
    ]);
  });
});
