import type { DrmSystem } from '@encore/contract';
import { type CarriedCue, cueEventStream, cuesForWindow } from './cue-carriers.ts';
import { contentProtection } from './dash-manifest.ts';
import type { LiveDashIndex, LiveDashRep, LiveDashRun } from './live-dash-index.ts';

/**
 * The MPD of a live-ingest stream's CENC DASH (docs/media.md section 9.1). Every encoder run is a
 * Period whose representations list their fragments in a SegmentTimeline: `t` on the show clock
 * (ticks since the index's epoch), `$Number$` the HLS sequence number of the same frames. Live: dynamic,
 * availabilityStartTime the show's epoch (dashEpochOf) for every stream of the show, so a presentation time is a
 * show-clock date and an angle switch lands on the same moment as with HLS; only the fragments of the
 * last `windowSeconds` are listed. Ended (End show): static, the whole recording from its first
 * Period, the replay. During a re-airing (live-reairing.ts, reairingDash) the same timeline is laid
 * on the re-airing's clock by moving availabilityStartTime by `shiftMs`.
 */
export type LiveMpdOptions = {
  index: LiveDashIndex;
  kid: string;
  drmSystems: readonly DrmSystem[];
  ended: boolean;
  nowMs: number;
  windowSeconds: number;
  /** Added to availabilityStartTime: the re-airing's offset (0 on the night). */
  shiftMs?: number;
  /** The show's cue timeline in time order (issue 27): an EventStream per Period. */
  cues?: readonly CarriedCue[];
  /**
   * The replay's window on the show clock (replay-window.ts), when ended: only the fragments inside
   * it, the timeline from its start and as long as it, so every stream of the show spans the same
   * time; a stretch without fragments (an encoder's drop) stays a gap between Periods.
   */
  replay?: { start: number; end: number } | null;
};

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (s: number) => `PT${Number(Math.max(0, s).toFixed(3))}S`;

function timeline(segments: LiveDashRep['segments']): string {
  let next: number | null = null;
  const s = segments.map((x) => {
    const entry = x.t === next ? `<S d="${x.d}"/>` : `<S t="${x.t}" d="${x.d}"/>`;
    next = x.t + x.d;
    return entry;
  });
  return `<SegmentTimeline>${s.join('')}</SegmentTimeline>`;
}

function representation(
  epoch: number,
  run: LiveDashRun,
  rep: LiveDashRep,
  from: number,
  periodStartMs: number,
): string {
  const segments = rep.segments.filter((s) => ((s.t + s.d) * 1000) / rep.timescale >= from);
  if (segments.length === 0) return '';
  const pto = Math.round(((periodStartMs - epoch) * rep.timescale) / 1000);
  const attrs =
    rep.kind === 'video'
      ? `width="${rep.width}" height="${rep.height}" sar="1:1"`
      : `audioSamplingRate="${rep.timescale}"`;
  const channels =
    rep.kind === 'audio'
      ? '<AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="2"/>'
      : '';
  return (
    `<Representation id="${rep.name}" bandwidth="${Math.max(1, rep.bandwidth)}" codecs="${rep.codecs}" ${attrs}>` +
    channels +
    `<SegmentTemplate timescale="${rep.timescale}" presentationTimeOffset="${pto}" startNumber="${segments[0]?.n ?? 0}" ` +
    `initialization="$RepresentationID$/init-${run.id}.mp4" media="$RepresentationID$/$Number$.m4s">` +
    `${timeline(segments)}</SegmentTemplate></Representation>`
  );
}

/** Start and end (ms on the show clock) of a run: its earliest and latest fragment of any representation. */
function spanOf(epoch: number, run: LiveDashRun): { start: number; end: number } | null {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const rep of run.reps) {
    const first = rep.segments[0];
    const last = rep.segments.at(-1);
    if (!first || !last) continue;
    start = Math.min(start, epoch + (first.t * 1000) / rep.timescale);
    end = Math.max(end, epoch + ((last.t + last.d) * 1000) / rep.timescale);
  }
  return Number.isFinite(start) ? { start, end } : null;
}

/** The MPD, or null while no fragment is listed (404 NOT_ON_AIR). URLs are relative to .../dash/. */
/** The index with only the fragments inside the window (ms on the show clock). */
function windowed(index: LiveDashIndex, w: { start: number; end: number }): LiveDashIndex {
  const msOf = (ticks: number, timescale: number) => index.epoch + (ticks * 1000) / timescale;
  return {
    ...index,
    runs: index.runs.map((run) => ({
      ...run,
      reps: run.reps.map((rep) => ({
        ...rep,
        segments: rep.segments.filter(
          (x) => msOf(x.t, rep.timescale) >= w.start - 1 && msOf(x.t + x.d, rep.timescale) <= w.end + 1,
        ),
      })),
    })),
  };
}

export function renderLiveMpd(opts: LiveMpdOptions): string | null {
  const epoch = opts.index.epoch;
  const replay = opts.ended ? (opts.replay ?? null) : null;
  const index = replay ? windowed(opts.index, replay) : opts.index;
  const runs = index.runs
    .map((run) => ({ run, span: spanOf(epoch, run) }))
    .filter((r): r is { run: LiveDashRun; span: { start: number; end: number } } => r.span !== null);
  const last = runs.at(-1);
  const first = runs[0];
  if (!last || !first) return null;
  const edge = last.span.end;
  // The window: what a live player may seek back through, as the HLS playlists' 60 segments.
  const fromMs = opts.ended ? Number.NEGATIVE_INFINITY : edge - opts.windowSeconds * 1000;
  const from = (fromMs - epoch) / 1000;
  const origin = replay ? replay.start : opts.ended ? first.span.start : epoch;
  const protection = contentProtection(opts.kid, opts.drmSystems).join('');
  const periods: string[] = [];
  const listedRuns = runs.filter(({ span }) => span.end >= fromMs);
  // Each cue in the Period that holds its moment (a drop's gap: the Period before it); the state
  // before the window in the first Period listed.
  const firstStart = Math.max(fromMs, listedRuns[0]?.span.start ?? fromMs);
  const carried = cuesForWindow(opts.cues ?? [], firstStart, opts.nowMs);
  const cuesOfRun = (i: number) =>
    carried.filter((c) => {
      const at = c.at.getTime();
      const next = listedRuns[i + 1]?.span.start ?? Number.POSITIVE_INFINITY;
      return (i === 0 || at >= (listedRuns[i]?.span.start ?? 0)) && at < next;
    });
  for (const [i, { run, span }] of listedRuns.entries()) {
    const sets: string[] = [];
    // As the HLS multivariant playlist (playableRungs): a ladder rung not below the source repeats it.
    const source = run.reps.find((r) => r.kind === 'video' && r.name === 'source')?.height ?? null;
    const repeats = (r: LiveDashRep) =>
      r.kind === 'video' && r.name !== 'source' && source !== null && r.height !== null && r.height >= source;
    for (const kind of ['video', 'audio'] as const) {
      const reps = run.reps
        .filter((r) => r.kind === kind && !repeats(r))
        .sort((a, b) => b.bandwidth - a.bandwidth)
        .map((r) => representation(epoch, run, r, from, span.start))
        .filter((r) => r !== '');
      if (reps.length === 0) continue;
      const mime = kind === 'video' ? 'video/mp4' : 'audio/mp4';
      // A live video segment need not start on a keyframe (an encoder's 2 s GOP makes 1 s segments,
      // every other one without: ts-chunker.ts), so only the sound claims a SAP at every start.
      const audio = kind === 'audio' ? ' lang="und"' : '';
      const sap = kind === 'audio' ? ' startWithSAP="1"' : '';
      sets.push(
        `<AdaptationSet id="${kind === 'video' ? 1 : 2}" contentType="${kind}" mimeType="${mime}"${audio} segmentAlignment="true"${sap}>` +
          `${protection}${reps.join('')}</AdaptationSet>`,
      );
    }
    const events = cueEventStream(cuesOfRun(i), span.start);
    periods.push(
      `<Period id="${run.id}" start="${seconds((span.start - origin) / 1000)}">${events}${sets.join('')}</Period>`,
    );
  }
  const maxSegment = Math.max(
    2,
    ...runs.flatMap(({ run }) => run.reps.flatMap((r) => r.segments.map((s) => s.d / r.timescale))),
  );
  const head = opts.ended
    ? // availabilityStartTime in a static MPD anchors its media time on the show clock (ISO 23009-1
      // allows it; every segment is long available): the player dates the replay's picture by it, for
      // an angle switch that keeps the moment and for the cues and chat at their moments (issue 27).
      `type="static" mediaPresentationDuration="${seconds(((replay?.end ?? edge) - origin) / 1000)}" availabilityStartTime="${iso(origin)}"`
    : `type="dynamic" availabilityStartTime="${iso(epoch + (opts.shiftMs ?? 0))}" publishTime="${iso(opts.nowMs)}" ` +
      `minimumUpdatePeriod="PT2S" timeShiftBufferDepth="${seconds(opts.windowSeconds)}" suggestedPresentationDelay="PT6S"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" profiles="urn:mpeg:dash:profile:isoff-live:2011" ${head} maxSegmentDuration="${seconds(Math.ceil(maxSegment))}" minBufferTime="PT4S">`,
    ...periods,
  ];
  if (!opts.ended) {
    lines.push(`<UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${iso(opts.nowMs)}"/>`);
  }
  lines.push('</MPD>');
  return `${lines.join('\n')}\n`;
}
