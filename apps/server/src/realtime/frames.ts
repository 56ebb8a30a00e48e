import type { ServerFrame } from '@encore/contract';
import type { BusMessage } from './bus.ts';

/**
 * Server frames as text. `event` frames are spliced around the JSON the publisher serialized once,
 * so a fan-out never runs JSON.stringify per socket or even per node.
 */
export function encodeEvents(messages: readonly BusMessage[]): string {
  const first = messages[0];
  if (!first) throw new Error('encodeEvents needs at least one message');
  const head = `{"type":"event","channel":${JSON.stringify(first.channel)},"seq":`;
  if (messages.length === 1) return `${head}${first.seq},"event":${first.json}}`;
  // Several frames of one tick travel as one JSON array (ServerMessage in the contract).
  return `[${messages.map((m) => `${head}${m.seq},"event":${m.json}}`).join(',')}]`;
}

export function encodeFrame(frame: ServerFrame): string {
  return JSON.stringify(frame);
}

/** Messages of one channel, ordered by sequence, each sequence once. */
export function mergeBySeq(...lists: ReadonlyArray<readonly BusMessage[]>): BusMessage[] {
  const bySeq = new Map<number, BusMessage>();
  for (const list of lists) for (const m of list) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
