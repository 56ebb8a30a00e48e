import { describe, expect, it } from 'vitest';
import { Alert } from './alerts.ts';
import { hangChannel, showChannel } from './channels.ts';
import { TossBody } from './chat.ts';
import {
  CHAT_TIMINGS_MS,
  httpsImage,
  isVerifiedSender,
  ownedItemIds,
  PIN_QUEUE,
  personalizeAlertText,
  SLATE_DEFAULT_MS,
  slateDurationMs,
  toTossBody,
} from './chat-rules.ts';

describe('chat rules', () => {
  it('maps the outgoing toss of the client to the wire body (CHAT-27)', () => {
    const body = toTossBody({
      hangId: 7,
      tossType: 'sticker',
      tossText: '',
      paidEvent: 'ENCORE_LIVE',
      uuid: '5b0c3f3e-8d1a-4e8b-9c55-2f6f1d2a9e11',
      tossData: { sticker_id: 'stk-heart' },
    });
    expect(body).toEqual({
      hang_id: 7,
      toss_type: 'sticker',
      toss_id: '5b0c3f3e-8d1a-4e8b-9c55-2f6f1d2a9e11',
      toss_text: '',
      toss_data: { sticker_id: 'stk-heart' },
      paid_event_name: 'ENCORE_LIVE',
    });
    expect(TossBody.safeParse(body).success).toBe(true);
    expect(TossBody.safeParse({ ...body, toss_type: 'chat' }).success).toBe(false);
  });

  it('names the realtime channels', () => {
    expect(hangChannel('abc')).toBe('hang-abc');
    expect(showChannel('encore-live')).toBe('show-encore-live');
  });

  it('slate durations: default 300000 ms, d honoured up to 300 s, -1 clears (ALR-15, ALR-17)', () => {
    expect(slateDurationMs(undefined)).toBe(SLATE_DEFAULT_MS);
    expect(slateDurationMs(30)).toBe(30_000);
    expect(slateDurationMs(300)).toBe(300_000);
    expect(slateDurationMs(301)).toBe(SLATE_DEFAULT_MS);
    expect(slateDurationMs(-1)).toBeNull();
  });

  it('replaces every %u with the viewer’s username (ALR-12)', () => {
    expect(personalizeAlertText('Hi %u, %u!', 'mina')).toBe('Hi mina, mina!');
  });

  it('shows http profile images with https; a first moniker verified marks the sender (CHAT-25, CHAT-37)', () => {
    expect(httpsImage('http://img.test/a.png')).toBe('https://img.test/a.png');
    expect(httpsImage('https://img.test/a.png')).toBe('https://img.test/a.png');
    expect(httpsImage(null)).toBeNull();
    expect(isVerifiedSender(['verified', 'artist'])).toBe(true);
    expect(isVerifiedSender(['artist', 'verified'])).toBe(false);
  });

  it('owning a fulfilled pack owns its items; other statuses own nothing (STK-08, STK-09)', () => {
    const catalog = [{ item_id: 'pack', item_list: [{ item_id: 'a' }, { item_id: 'b' }] }];
    expect([...ownedItemIds([{ status: 'fulfilled', advertised_item_id: 'pack' }], catalog)].sort()).toEqual([
      'a',
      'b',
      'pack',
    ]);
    expect(ownedItemIds([{ status: 'canceled', advertised_item_id: 'pack' }], catalog).size).toBe(0);
  });

  it('keeps the constants of viewing section 9 (20 s sticker cooldown and circle, DESIGN.md section 10)', () => {
    expect(CHAT_TIMINGS_MS).toMatchObject({
      sendDebounce: 250,
      queueFlush: 650,
      overCapacityLockout: 20_000,
      stickerCooldown: 20_000,
      pinTick: 3000,
    });
    expect(PIN_QUEUE).toEqual({ max: 20, dropOldest: 10, perTick: 2, clearAfterEmptyTicks: 4 });
  });

  it('validates alerts: the five types, hex light-stick numbers, defaults for ud and slate (ALR-02, ALR-05)', () => {
    expect(Alert.parse({ type: 'ud', msg: 'hi %u' })).toEqual({
      type: 'ud',
      msg: 'hi %u',
      display_code: 1,
      placement: 'center',
    });
    expect(Alert.parse({ type: 'slate', d: -1 })).toEqual({ type: 'slate', d: -1, display_code: 1, url: '' });
    expect(Alert.safeParse({ type: 'lightstick', action: 'start', tempo: '78' }).success).toBe(true);
    expect(Alert.safeParse({ type: 'lightstick', action: 'start', tempo: '120bpm' }).success).toBe(false);
    expect(Alert.safeParse({ type: 'party' }).success).toBe(false);
  });
});
