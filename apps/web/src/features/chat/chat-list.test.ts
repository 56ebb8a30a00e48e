import { describe, expect, it } from 'vitest';
import { MessageQueue, mergeMessages, removeMessage, updateMessage } from './chat-list.ts';

const m = (id: string, text = id) => ({ toss_id: id, text });

describe('chat list', () => {
  it('appends new messages in order and drops ones already listed (de-duplicated by toss_id)', () => {
    const list = [m('a'), m('b')];
    const next = mergeMessages(list, [m('b', 'echo'), m('c'), m('c'), m('d')]);
    expect(next.map((x) => x.toss_id)).toEqual(['a', 'b', 'c', 'd']);
    // The local echo stays as typed: the server's copy of b is not shown twice.
    expect(next[1]?.text).toBe('b');
  });

  it('keeps only the newest 200 messages', () => {
    const list = Array.from({ length: 199 }, (_, i) => m(`old-${i}`));
    const next = mergeMessages(list, [m('x'), m('y'), m('z')]);
    expect(next).toHaveLength(200);
    expect(next[0]?.toss_id).toBe('old-2');
    expect(next.at(-1)?.toss_id).toBe('z');
  });

  it('returns the same list when nothing is new, so React skips the render', () => {
    const list = [m('a')];
    expect(mergeMessages(list, [])).toBe(list);
    expect(mergeMessages(list, [m('a')])).toBe(list);
  });

  it('updates one message by toss_id and ignores unknown ids', () => {
    const list = [m('a'), m('b')];
    expect(updateMessage(list, 'b', { text: 'stamped' })[1]?.text).toBe('stamped');
    expect(updateMessage(list, 'zz', { text: 'x' })).toBe(list);
  });

  it('queues incoming messages until drained', () => {
    const queue = new MessageQueue<{ toss_id: string }>();
    queue.push(m('a'));
    queue.push(m('b'));
    expect(queue.size).toBe(2);
    expect(queue.drain().map((x) => x.toss_id)).toEqual(['a', 'b']);
    expect(queue.drain()).toEqual([]);
  });
});

describe('a message deleted by a moderator', () => {
  it('leaves the list and the queue of incoming messages; an unknown id changes nothing', () => {
    const list = [{ toss_id: 'a' }, { toss_id: 'b' }, { toss_id: 'c' }];
    expect(removeMessage(list, 'b')).toEqual([{ toss_id: 'a' }, { toss_id: 'c' }]);
    expect(removeMessage(list, 'x')).toBe(list);
    const queue = new MessageQueue<{ toss_id: string }>();
    queue.push({ toss_id: 'd' });
    queue.push({ toss_id: 'e' });
    queue.remove('d');
    expect(queue.drain()).toEqual([{ toss_id: 'e' }]);
  });
});
