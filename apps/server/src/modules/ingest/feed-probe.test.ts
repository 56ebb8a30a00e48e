import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { avcCodecOf, hlsCodecs, spsCodecBytes } from '../../media/avc-codec.ts';
import { parseInputStreams, parseProgress, probeSegment } from './feed-probe.ts';

// What the packager reads off ffmpeg: the input's streams (the refusal reasons) and its progress.
const banner = (streams: string) => `Input #0, flv, from 'rtmp://127.0.0.1:1935/live/f00':
  Metadata:
    encoder         : Lavf59.27.100
  Duration: 00:00:00.00, start: 0.000000, bitrate: N/A
${streams}Stream mapping:
  Stream #0:0 -> #0:0 (copy)
Output #0, segment, to 'x/%06d.ts':
  Stream #0:0: Video: h264, yuv420p, 10x10, q=2-31
`;

describe('feed probe', () => {
  it('reads the video and audio codecs, picture size and frame rate from the input only', () => {
    const input = parseInputStreams(
      banner(
        '  Stream #0:0: Video: h264 (Constrained Baseline), yuv420p(progressive), 426x240 [SAR 1:1 DAR 71:40], 30 fps, 30 tbr, 1k tbn\n' +
          '  Stream #0:1: Audio: aac (LC), 48000 Hz, mono, fltp, 64 kb/s\n',
      ),
    );
    expect(input.video).toEqual({ codec: 'h264', width: 426, height: 240, fps: 30 });
    expect(input.audio?.codec).toBe('aac');
  });

  it('sees an audio-only feed and another video codec (the refusals)', () => {
    expect(
      parseInputStreams(banner('  Stream #0:0: Audio: aac (LC), 48000 Hz, stereo, fltp\n')).video,
    ).toBeNull();
    const flv = parseInputStreams(banner('  Stream #0:0: Video: flv1, yuv420p, 426x240, 200 kb/s, 30 fps\n'));
    expect(flv.video?.codec).toBe('flv1');
  });

  it('reads frames, dropped frames and output time from a -progress block', () => {
    expect(
      parseProgress('frame=120\nfps=30.0\ndrop_frames=2\nout_time_us=4000000\nprogress=continue'),
    ).toEqual({
      frames: 120,
      droppedFrames: 2,
      outTimeMs: 4000,
    });
    expect(parseProgress('frame=0\nout_time_us=N/A\nprogress=continue').outTimeMs).toBeNull();
  });

  it('names H.264 as RFC 6381 codecs from the SPS bytes (profile, constraint flags, level)', () => {
    // A Constrained Baseline SPS (x264 ultrafast): constraint_set0 and set1 flags, so 42c0, not 42e0.
    const sps = Uint8Array.from([0, 0, 0, 1, 0x09, 0xf0, 0, 0, 0, 1, 0x67, 0x42, 0xc0, 0x15, 0xd9]);
    const bytes = spsCodecBytes(sps);
    expect(bytes && avcCodecOf(bytes)).toBe('avc1.42c015');
    expect(hlsCodecs('avc1.64001f', true)).toBe('avc1.64001f,mp4a.40.2');
    expect(hlsCodecs('avc1.4d401e', false)).toBe('avc1.4d401e');
    expect(hlsCodecs(null, true)).toBeNull();
    expect(spsCodecBytes(Uint8Array.from([0, 0, 1, 0x09, 0xf0]))).toBeNull();
  });

  it("reads a one-keyframe segment's GOP from its pictures, not its length (a run's first opens with sound)", async () => {
    // What a run's first segment looks like: 2 s of tone, then one 1 s GOP at 30 fps (real ffmpeg).
    const dir = await mkdtemp(path.join(tmpdir(), 'encore-probe-'));
    const file = path.join(dir, 'first.ts');
    try {
      await promisify(execFile)('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3'],
        ...['-itsoffset', '2', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=30:duration=1'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-f', 'mpegts', file],
      ]);
      const probe = await probeSegment(file);
      expect(probe?.keyframes).toBe(1);
      expect(probe?.keyframeInterval).toBeCloseTo(1, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
