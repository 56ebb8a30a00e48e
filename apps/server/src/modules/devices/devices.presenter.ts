import {
  type Channel,
  computeEntitlements,
  type EnterEventResponse,
  type Show,
  type TicketAttributes,
} from '@encore/contract';
import type { FastifySerializerCompiler } from 'fastify/types/schema.ts';
import { presentChannel } from '../shows/shows.presenter.ts';
import type { CatalogEntry } from '../shows/shows.service.ts';
import { presentTicketAttributes } from '../tickets/tickets.presenter.ts';

/**
 * One Channel object per catalog show and status, so that its JSON (9 kB of a 9.5 kB answer) is
 * written once per show and status rather than once per entry (entrySerializer). Keyed by the
 * catalog's own object: a reloaded catalog (an edited show) has new objects, and the old ones go.
 */
const channels = new WeakMap<Show, { byStatus: Map<string, Channel>; last: Channel; at: number }>();
/** Working the status out from the schedule was a few µs per entry; within a second it is the same. */
const RECHECK_MS = 1000;
function sharedChannel(show: Show, now: Date): Channel {
  const at = now.getTime();
  const kept = channels.get(show);
  if (kept && Math.abs(at - kept.at) < RECHECK_MS) return kept.last;
  const fresh = presentChannel(show, now);
  const byStatus = kept?.byStatus ?? new Map<string, Channel>();
  const same = byStatus.get(fresh.status);
  const last = same && same.doors_open_at === fresh.doors_open_at ? same : fresh;
  byStatus.set(fresh.status, last);
  channels.set(show, { byStatus, last, at });
  return last;
}

export function presentEntry(p: {
  entry: CatalogEntry;
  attributes: TicketAttributes;
  sessionId: string;
  devices: number;
  now: Date;
}): EnterEventResponse {
  return {
    session_id: p.sessionId,
    show: sharedChannel(p.entry.show, p.now),
    ticket: {
      paid_event_name: p.entry.row.paid_event_name,
      paid_event_id: p.entry.row.paid_event_id,
      ticket_attributes: presentTicketAttributes(p.attributes),
      entitlements: computeEntitlements(p.attributes, p.entry.hasStream4k),
    },
    devices: p.devices,
    // DEV-03: chat stays off while several devices watch on one ticket.
    chat_enabled: p.devices === 1,
  };
}

const channelJson = new WeakMap<Channel, Buffer>();

/**
 * The entry's answer as bytes: the fan's own fields, then the show's JSON kept per Channel object.
 * At doors-open the show was most of an entry's serialising and of its UTF-8 encoding (profile in
 * docs/benchmarks.md). Written as the presenter built it, without zod's re-parse (see
 * platform/presenter-serializer.ts; the route's tests hold the body to exactly the contract's shape).
 */
function serializeEntry(data: EnterEventResponse): Buffer {
  const { show, ...own } = data;
  let json = channelJson.get(show);
  if (!json) {
    json = Buffer.from(JSON.stringify(show));
    channelJson.set(show, json);
  }
  const head = JSON.stringify(own);
  return Buffer.concat([Buffer.from(`${head.slice(0, -1)},"show":`), json, Buffer.from('}')]);
}

/** The enter route's 200 answer by serializeEntry; its error bodies as plain JSON. */
export const entrySerializer: { serializerCompiler: FastifySerializerCompiler<unknown> } = {
  serializerCompiler: ({ httpStatus }) =>
    httpStatus === '200'
      ? (data) => serializeEntry(data as EnterEventResponse) as unknown as string
      : (data) => JSON.stringify(data),
};
