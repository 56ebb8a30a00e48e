import {
  ANALYTICS_PIP_IDS,
  angleStream,
  FANWALL_STREAM,
  type MultiviewBox,
  mosaicStream,
  multiviewMode,
  type Pips,
  STREAM_4K,
  type Streams,
} from '@encore/contract';

/** Show modes (MV-01): multiview is the default; 4K plays stream4k; fanwall the fan-wall stream. */
export type ShowMode = 'multiview' | 'uhd' | 'fanwall';

/** The pip grid overview (MV-12). Pips are 1-based (MV-11). */
export const OVERVIEW_PIP = -1;

export interface ShowView {
  base_video: string;
  streams: Streams;
  pips: Pips;
  /** The show's `videos` list of GET /thor/video/{id}/ (a fanwall-stream src enables the fan wall). */
  videos?: readonly { name: string }[] | undefined;
}

export interface TicketView {
  multiview: 1 | 4 | 6;
  uhd: boolean;
}

const hasStream = (show: ShowView, name: string) =>
  name in show.streams || (show.videos ?? []).some((v) => v.name === name);

/** 4K only with the ticket's 4K view and a stream4k entry (MV-02, MV-05). */
export const uhdAvailable = (show: ShowView, ticket: TicketView) => ticket.uhd && hasStream(show, STREAM_4K);

/** The fan wall exists when the show lists a fanwall-stream (MV-03). */
export const fanwallAvailable = (show: ShowView) => hasStream(show, FANWALL_STREAM);

/** The angles a ticket may choose (pip numbers 1..count); none for a 1-view ticket (MV-06). */
export function selectablePips(show: ShowView, ticket: TicketView): { id: number; label: string }[] {
  if (ticket.multiview <= 1) return [];
  return show.pips.sinks.filter((s) => s.id <= ticket.multiview && hasStream(show, angleStream(s.id)));
}

/** The mosaic boxes of the overview for this ticket (MV-16, MV-18), when its mosaic exists. */
export function overviewBoxes(show: ShowView, ticket: TicketView): MultiviewBox[] {
  const mode = multiviewMode(ticket.multiview);
  if (mode === null || !hasStream(show, mosaicStream(mode))) return [];
  return show.pips.mview?.[mode] ?? [];
}

/** The pip of the show's base video ('mix-stream3' is pip 3), 1 when it is not an angle. */
export function basePip(show: ShowView): number {
  const m = /^mix-stream(\d+)$/.exec(show.base_video);
  return m ? Number(m[1]) : 1;
}

/**
 * Pips can be chosen only in multiview mode, and only once the main video time passed pipDelay when
 * the show sets one (MV-13, MV-14).
 */
export function pipsSelectable(mode: ShowMode, currentTime: number, pipDelay: number | undefined): boolean {
  if (mode !== 'multiview') return false;
  return pipDelay === undefined || currentTime > pipDelay;
}

/** The stream a mode and pip play. */
export function streamFor(show: ShowView, ticket: TicketView, mode: ShowMode, pip: number): string {
  if (mode === 'uhd') return STREAM_4K;
  if (mode === 'fanwall') return FANWALL_STREAM;
  const mosaic = multiviewMode(ticket.multiview);
  if (pip === OVERVIEW_PIP && mosaic !== null) return mosaicStream(mosaic);
  if (ticket.multiview > 1 && pip >= 1 && pip <= ticket.multiview && hasStream(show, angleStream(pip)))
    return angleStream(pip);
  return show.base_video;
}

/** The analytics pip id (ANL-07): 4K 2160, fan wall -2, overview 0, else the pip. */
export function analyticsPipId(mode: ShowMode, pip: number): number {
  if (mode === 'uhd') return ANALYTICS_PIP_IDS.uhd;
  if (mode === 'fanwall') return ANALYTICS_PIP_IDS.fanwall;
  return pip === OVERVIEW_PIP ? ANALYTICS_PIP_IDS.overview : pip;
}
