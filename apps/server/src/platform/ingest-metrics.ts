import type { AngleHealth } from '@encore/contract';
import { Gauge, type Registry } from 'prom-client';

export type PushedHealth = () => Array<AngleHealth & { slug: string }>;

type Figure = {
  name: string;
  help: string;
  value: (h: AngleHealth) => number | null;
};

/**
 * The health panel's figures per pushed stream, as gauges labelled by show and stream, so that an
 * operator's alert fires on an angle off air or starving (docs/operations.md, alert rules) without
 * opening each show's control room. A dropped encoder stays listed (connected 0) until its show
 * ends; the label set is bounded by the streams of the shows on this node.
 */
const FIGURES: Figure[] = [
  {
    name: 'encore_ingest_connected',
    help: 'An encoder is publishing this stream (1) or not (0).',
    value: (h) => (h.connected ? 1 : 0),
  },
  {
    name: 'encore_ingest_healthy',
    help: 'Frames arrive and the picture is on the origin (1), else 0.',
    value: (h) => (h.healthy ? 1 : 0),
  },
  {
    name: 'encore_ingest_bitrate_kbps',
    help: 'Measured bitrate of the pushed source, kb/s.',
    value: (h) => h.bitrate_kbps,
  },
  {
    name: 'encore_ingest_frame_rate',
    help: 'Frames per second the pushed source declares (nominal).',
    value: (h) => h.frame_rate,
  },
  {
    name: 'encore_ingest_received_fps',
    help: 'Frames per second received over the last 5 s (measured).',
    value: (h) => h.received_fps,
  },
  {
    name: 'encore_ingest_encoder_speed',
    help: 'Media time received per wall-clock second over the last 5 s (1 is real time).',
    value: (h) => h.encoder_speed,
  },
  {
    name: 'encore_ingest_behind_seconds',
    help: 'How far the newest frame is behind the wall clock, seconds.',
    value: (h) => (h.behind_ms === null ? null : h.behind_ms / 1000),
  },
  {
    name: 'encore_ingest_audio_level_db',
    help: 'Mean audio level of a recent segment, dBFS.',
    value: (h) => h.audio_level_db,
  },
  {
    name: 'encore_ingest_keyframe_interval_seconds',
    help: 'Seconds between keyframes of the pushed source.',
    value: (h) => h.keyframe_interval_s,
  },
  {
    name: 'encore_ingest_last_frame_age_seconds',
    help: 'Seconds since the last frame of this stream arrived.',
    value: (h) => (h.last_frame_age_ms === null ? null : h.last_frame_age_ms / 1000),
  },
  {
    name: 'encore_ingest_dropped_frames',
    help: 'Frames the packager dropped in the current encoder run.',
    value: (h) => h.dropped_frames,
  },
];

export function registerIngestMetrics(registry: Registry, pushed: PushedHealth): void {
  for (const figure of FIGURES) {
    new Gauge({
      name: figure.name,
      help: figure.help,
      labelNames: ['show', 'stream'] as const,
      registers: [registry],
      collect() {
        this.reset();
        // A handful of streams per node: each gauge reads the feeds itself.
        for (const h of pushed()) {
          const v = figure.value(h);
          if (v !== null) this.set({ show: h.slug, stream: h.stream }, v);
        }
      },
    });
  }
}
