import type { OutgoingToss } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { UnsentTosses } from './unsent-tosses.ts';

const toss = (uuid: string): OutgoingToss => ({
  hangId: 1,
  tossType: 'chat',
  tossText: uuid,
  paidEvent: 'x',
  uuid,
});

describe('unsent tosses (issue 26)', () => {
  it('keep failed lines until taken, and list those that failed offline, oldest first', () => {
    const unsent = new UnsentTosses();
    unsent.keep(toss('a'), true);
    unsent.keep(toss('b'), false);
    unsent.keep(toss('c'), true);
    expect(unsent.offline()).toEqual(['a', 'c']);
    expect(unsent.take('a')?.tossText).toBe('a');
    expect(unsent.take('a')).toBeUndefined();
    expect(unsent.offline()).toEqual(['c']);
    expect(unsent.take('b')?.uuid).toBe('b');
  });
});
