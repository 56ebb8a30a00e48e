// mpd-parser (videojs) ships no types: the part the playlist test reads.
declare module 'mpd-parser' {
  export type ParsedSegment = { uri: string; duration: number; number: number; presentationTime?: number };
  export type ParsedPlaylist = {
    attributes: { NAME?: string; CODECS?: string; BANDWIDTH?: number };
    segments: ParsedSegment[];
    contentProtection?: Record<string, unknown>;
  };
  export type ParsedManifest = {
    playlists: ParsedPlaylist[];
    mediaGroups: { AUDIO: Record<string, Record<string, { playlists: ParsedPlaylist[] }>> };
    minimumUpdatePeriod?: number;
    endList?: boolean;
  };
  export function parse(
    manifest: string,
    options?: { manifestUri?: string; NOW?: number; clientOffset?: number },
  ): ParsedManifest;
}
