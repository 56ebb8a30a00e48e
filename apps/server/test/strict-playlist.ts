import * as hlsParser from 'hls-parser';

// Issue 24: every playlist the origin serves must be accepted by strict players (Safari, smart TVs,
// casting receivers), not only by hls.js. One check for all of them: hls-parser in strict mode, and
// the RFC 8216(bis) rules it does not enforce itself, so the demo loop's, the live ingest's, the
// replay's and the re-airing's playlists are held to the same rules whatever renders them.

export type Parsed = ReturnType<typeof hlsParser.parse>;

/**
 * The playlist parsed strictly, or an error naming the playlist, the rule and its body. Media
 * playlists: every segment's EXTINF rounded to the nearest integer is at most EXT-X-TARGETDURATION
 * (RFC 8216 4.3.3.1); HOLD-BACK is at least three target durations (8216bis 4.4.3.8); with parts,
 * PART-HOLD-BACK is given and at least three part targets (issue 24; the RFC's floor is two) and no
 * part is longer than PART-TARGET (8216bis 4.4.3.7).
 */
export function strictPlaylist(body: string, name: string): Parsed {
  hlsParser.setOptions({ strictMode: true });
  let parsed: Parsed;
  try {
    parsed = hlsParser.parse(body);
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}\n${body}`);
  }
  if (parsed.isMasterPlaylist) return parsed;
  const media = parsed as hlsParser.types.MediaPlaylist;
  const target = media.targetDuration;
  const problems: string[] = [];
  for (const s of media.segments) {
    if (s.uri && Math.round(s.duration) > target) {
      problems.push(`EXTINF ${s.duration} of ${s.uri} rounds above TARGETDURATION ${target}`);
    }
  }
  const control = media.lowLatencyCompatibility;
  if (control?.holdBack !== undefined && control.holdBack < 3 * target) {
    problems.push(`HOLD-BACK ${control.holdBack} below three target durations (${3 * target})`);
  }
  const partTarget = media.partTargetDuration;
  if (partTarget) {
    if (control?.partHoldBack === undefined || control.partHoldBack < 3 * partTarget) {
      problems.push(`PART-HOLD-BACK ${control?.partHoldBack} below three part targets (${3 * partTarget})`);
    }
    for (const s of media.segments) {
      for (const p of s.parts) {
        if (!p.hint && (p.duration ?? 0) > partTarget) {
          problems.push(`part ${p.uri} of ${p.duration} s above PART-TARGET ${partTarget}`);
        }
      }
    }
  }
  if (problems.length > 0) throw new Error(`${name}: ${problems.join('; ')}\n${body}`);
  return parsed;
}

/**
 * Every playlist reachable from `url` (a multivariant playlist's variants and renditions, resolved
 * against it), each fetched with `get` and checked by strictPlaylist: how many were checked.
 */
export async function crawlStrict(
  get: (url: string) => Promise<{ statusCode: number; body: string }>,
  url: string,
  seen = new Set<string>(),
): Promise<number> {
  if (seen.has(url)) return 0;
  seen.add(url);
  const res = await get(url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}\n${res.body}`);
  const parsed = strictPlaylist(res.body, url);
  let count = 1;
  if (!parsed.isMasterPlaylist) return count;
  const master = parsed as hlsParser.types.MasterPlaylist;
  const uris = [
    ...master.variants.map((v) => v.uri),
    ...master.variants.flatMap((v) => [...v.audio, ...v.video, ...v.subtitles].map((r) => r.uri)),
  ].filter((u): u is string => typeof u === 'string');
  for (const uri of new Set(uris)) {
    const next = new URL(uri, `http://origin${url}`);
    count += await crawlStrict(get, `${next.pathname}${next.search}`, seen);
  }
  return count;
}
