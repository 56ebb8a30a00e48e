// Types of cenc.mjs for the server's live DASH packager (apps/server/src/modules/ingest/dash-packager.ts).
export const COMMON_SYSTEM_ID: string;
export type Box = { type: string; body?: Buffer; prefix?: Buffer; children?: Box[] };
export type CencTrack = { kind: 'video' | 'audio'; timescale: number; nalLengthSize: number };
export function parseBoxes(buf: Buffer, start?: number, end?: number): Box[];
export function serializeBoxes(boxes: Box[]): Buffer;
export function child(box: Box | undefined, type: string): Box | undefined;
export function path(boxes: Box[], ...types: string[]): Box | undefined;
export function encryptInit(init: Buffer, kidHex: string): { init: Buffer; track: CencTrack };
export function encryptSegment(
  segment: Buffer,
  opts: { key: Buffer; track: CencTrack; ivState: { next: bigint } },
): Buffer;
