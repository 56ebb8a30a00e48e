import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../errors.ts';
import type { Catalog, MediaStream } from './media-catalog.ts';

// What the HLS and the DASH routes of the media origin share.

export const CACHE = {
  master: 'public, max-age=5',
  live: 'public, max-age=1',
  immutable: 'public, max-age=31536000, immutable',
  sidecar: 'public, max-age=60',
  key: 'private, no-store',
};

export const notReady = () =>
  new AppError('MEDIA_NOT_READY', 503, 'The media is not ready yet: run `node scripts/generate-media.mjs`.', {
    retryAfter: 10,
  });

export function streamOf(c: Catalog, name: string): MediaStream {
  const stream = Object.hasOwn(c.manifest.streams, name) ? c.manifest.streams[name] : undefined;
  if (!stream) throw notFound('No such stream.');
  return stream;
}

export async function sendFile(reply: FastifyReply, file: string, type: string, cacheControl: string) {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw notFound();
  }
  // Streamed, never buffered: a segment is hundreds of kilobytes and many are in flight at once.
  return reply
    .header('content-type', type)
    .header('content-length', size)
    .header('cache-control', cacheControl)
    .send(createReadStream(file));
}
