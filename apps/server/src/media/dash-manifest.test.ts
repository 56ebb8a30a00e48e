import { describe, expect, it } from 'vitest';
import { commonPssh, kidUuid, loopPosition, renderMpd } from './dash-manifest.ts';
import type { DashStream } from './media-catalog.ts';

const DASH: DashStream = {
  kid: '00112233445566778899aabbccddeeff',
  key: { file: 'keys/mix-stream1.cenc.key' },
  segmentCount: 10,
  video: [
    {
      name: '360p',
      width: 640,
      height: 360,
      codecs: 'avc1.4d401e',
      frameRate: 25,
      timescale: 12800,
      bandwidth: 700_000,
    },
    {
      name: '720p',
      width: 1280,
      height: 720,
      codecs: 'avc1.4d401f',
      frameRate: 25,
      timescale: 12800,
      bandwidth: 2_600_000,
    },
  ],
  audio: { name: 'audio', codecs: 'mp4a.40.2', sampleRate: 48000, timescale: 48000, bandwidth: 130_000 },
};
const EPOCH = Date.UTC(2026, 4, 1, 19, 0, 0);

describe('DASH manifests', () => {
  it('live: a dynamic MPD on the HLS clock, $Number$ from the epoch, the key id and ClearKey init data', () => {
    const mpd = renderMpd({
      type: 'live',
      dash: DASH,
      buildId: 'abcdef01',
      segmentDurationMs: 2000,
      drmSystems: [],
      epochMs: EPOCH,
      nowMs: EPOCH + 3_600_000,
      timeShiftSeconds: 120,
    });
    expect(mpd).toContain('type="dynamic"');
    expect(mpd).toContain(`availabilityStartTime="${new Date(EPOCH).toISOString()}"`);
    expect(mpd).toContain('timeShiftBufferDepth="PT120S"');
    expect(mpd).toMatch(/minimumUpdatePeriod="PT\d+S"/);
    expect(mpd).toContain(
      `<UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="${new Date(EPOCH + 3_600_000).toISOString()}"/>`,
    );
    // Highest first, each with its own timescale; 2 s segments numbered from 0 at the epoch.
    expect(mpd.indexOf('id="720p"')).toBeLessThan(mpd.indexOf('id="360p"'));
    expect(mpd).toContain('timescale="12800" duration="25600" startNumber="0"');
    expect(mpd).toContain('timescale="48000" duration="96000" startNumber="0"');
    expect(mpd).toContain('media="$RepresentationID$/abcdef01-$Number$.m4s"');
    expect(mpd).toContain('initialization="$RepresentationID$/abcdef01-init.mp4"');
    expect(mpd).toContain('cenc:default_KID="00112233-4455-6677-8899-aabbccddeeff"');
    expect(mpd).toContain(
      `urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b" value="ClearKey1.0"><cenc:pssh>${commonPssh(DASH.kid)}`,
    );
    expect(mpd).not.toContain('edef8ba9');
  });

  it('slides with the clock only through the time: a later MPD differs in publishTime and UTCTiming alone', () => {
    const at = (nowMs: number) =>
      renderMpd({
        type: 'live',
        dash: DASH,
        buildId: 'abcdef01',
        segmentDurationMs: 2000,
        drmSystems: [],
        epochMs: EPOCH,
        nowMs,
        timeShiftSeconds: 120,
      });
    const strip = (s: string) => s.replace(/publishTime="[^"]+"/, '').replace(/value="\d{4}-[^"]+"/, '');
    expect(strip(at(EPOCH + 10_000))).toBe(strip(at(EPOCH + 90_000)));
    expect(at(EPOCH + 10_000)).not.toBe(at(EPOCH + 90_000));
  });

  it('names the provider systems beside ClearKey; on demand is static, the loop once', () => {
    const vod = renderMpd({
      type: 'vod',
      dash: DASH,
      buildId: 'abcdef01',
      segmentDurationMs: 2000,
      drmSystems: ['widevine', 'playready', 'fairplay'],
    });
    expect(vod).toContain('type="static" mediaPresentationDuration="PT20S"');
    expect(vod).not.toContain('availabilityStartTime');
    expect(vod).toContain('urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed');
    expect(vod).toContain('urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95');
  });

  it('the Common PSSH box names the key id; key ids print as UUIDs', () => {
    const pssh = Buffer.from(commonPssh(DASH.kid), 'base64');
    expect(pssh.length).toBe(52);
    expect(pssh.toString('latin1', 4, 8)).toBe('pssh');
    expect(pssh.subarray(12, 28).toString('hex')).toBe('1077efecc0b24d02ace33c1e52e2fb4b');
    expect(pssh.subarray(32, 48).toString('hex')).toBe(DASH.kid);
    expect(kidUuid(DASH.kid)).toBe('00112233-4455-6677-8899-aabbccddeeff');
  });

  it('live segment k plays loop file k mod n, its tfdt moved by the loops before it', () => {
    expect(loopPosition(0, 10, 2000, 12800)).toEqual({ loopIndex: 0, shift: 0n });
    expect(loopPosition(9, 10, 2000, 12800)).toEqual({ loopIndex: 9, shift: 0n });
    expect(loopPosition(10, 10, 2000, 12800)).toEqual({ loopIndex: 0, shift: 256_000n });
    expect(loopPosition(1803, 10, 2000, 48000)).toEqual({ loopIndex: 3, shift: 180n * 960_000n });
  });
});
