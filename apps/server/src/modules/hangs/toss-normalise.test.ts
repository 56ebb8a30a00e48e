import { randomUUID } from 'node:crypto';
import { TossResponse } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, joinedFan } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

/**
 * Issue 12: chat text is folded (NFKC, zero-width and bidi controls removed) before the word filter,
 * so disguised words are held like plain ones; a message with nothing visible is the empty-message
 * 400; what is stored and shown loses the characters that hide or reorder text, and keeps emoji.
 */
let t: TestContext;
let fan: Awaited<ReturnType<typeof joinedFan>>;
let paidEvent: string;
beforeAll(async () => {
  t = await createTestContext({ CHAT_USER_BUDGET: '100', CHAT_HANG_BUDGET: '100' });
  const show = await createShow(t.db, { startIn: 10 });
  paidEvent = show.paid_event_name;
  fan = await joinedFan(t.app, t.db, show);
});
afterAll(async () => {
  await t?.close();
});

function toss(text: string) {
  return t.app.inject({
    method: 'POST',
    url: `/thor/hangs/${fan.hang.id}/${fan.hang.session_id}/toss/`,
    headers: fan.headers,
    payload: {
      hang_id: fan.hang.id,
      toss_type: 'chat',
      toss_id: randomUUID(),
      toss_text: text,
      toss_data: null,
      paid_event_name: paidEvent,
    },
  });
}

describe('chat text normalisation (issue 12)', () => {
  it('a message of invisible characters only is the empty-message 400', async () => {
    for (const text of [
      '\u200b',
      '\u200b\u200c\u200d',
      ' \u2060 \ufeff ',
      '\u202e\u2066',
      '\u3164',
      '\u3000',
    ]) {
      const res = await toss(text);
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'toss_text' });
    }
  });

  it('holds a banned word disguised by zero-width characters, bidi controls or full width', async () => {
    for (const text of [
      'f\u200buck',
      'fu\u200dck',
      'f\u2060uck',
      '\u202dfuck\u202c',
      'ｆｕｃｋ',
      'ａｄｍｉｎ',
    ]) {
      const body = TossResponse.parse((await toss(text)).json());
      expect(body, JSON.stringify(text)).toMatchObject({ delivered: false, reason: 'profanity' });
    }
  });

  it('stores and delivers text without bidi controls and zero-width spaces, emoji sequences intact', async () => {
    const cases: Array<[string, string]> = [
      ['hello\u202e dlrow', 'hello dlrow'],
      ['see\u200b you', 'see you'],
      ['family 👩\u200d👩\u200d👧 ❤\ufe0f', 'family 👩\u200d👩\u200d👧 ❤\ufe0f'],
      ['ファンです（＾▽＾）', 'ファンです（＾▽＾）'],
    ];
    for (const [sent, shown] of cases) {
      const body = TossResponse.parse((await toss(sent)).json());
      expect(body).toMatchObject({ delivered: true, toss: { toss_text: shown } });
    }
  });
});
