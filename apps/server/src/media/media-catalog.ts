import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** The manifest.json that scripts/generate-media.mjs writes (its FORMAT 2; 1 had no DASH). */
const Variant = z.object({
  name: z.string().regex(/^[a-z0-9]{1,16}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bandwidth: z.number().int().positive(),
  averageBandwidth: z.number().int().positive(),
  codecs: z.string().regex(/^[\w.,]+$/),
  frameRate: z.number().positive(),
  segmentCount: z.number().int().positive(),
});

const Box = z.object({
  id: z.number().int(),
  label: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
});

export const Layout = z.object({
  stream: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  boxes: z.array(Box),
});
export type Layout = z.infer<typeof Layout>;

const DashRepresentation = z.object({
  name: z.string().regex(/^[a-z0-9]{1,16}$/),
  bandwidth: z.number().int().positive(),
  codecs: z.string().regex(/^[\w.]+$/),
  timescale: z.number().int().positive(),
});

/** The stream as CENC fragmented-MP4 DASH (streams/<name>/dash/<representation>/), its own key. */
const Dash = z.object({
  kid: z.string().regex(/^[0-9a-f]{32}$/),
  key: z.object({ file: z.string().regex(/^keys\/[a-z0-9-]+\.cenc\.key$/) }),
  segmentCount: z.number().int().positive(),
  video: z.array(
    DashRepresentation.extend({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      frameRate: z.number().positive(),
    }),
  ),
  audio: DashRepresentation.extend({ sampleRate: z.number().int().positive() }),
});
export type DashStream = z.infer<typeof Dash>;

const Stream = z.object({
  kind: z.enum(['angle', 'mosaic', 'fanwall', '4k']),
  label: z.string(),
  segmentCount: z.number().int().positive(),
  captions: z.boolean(),
  key: z.object({
    id: z.string().regex(/^[0-9a-f]{8,64}$/),
    file: z.string().regex(/^keys\/[a-z0-9-]+\.key$/),
    iv: z.string().regex(/^0x[0-9a-f]{32}$/),
  }),
  variants: z.array(Variant).min(1),
  /** Absent in caches made before DASH (format 1): such a stream plays HLS only. */
  dash: Dash.optional(),
  layout: Layout.nullable(),
});
export type MediaStream = z.infer<typeof Stream>;

export const Manifest = z.object({
  format: z.union([z.literal(1), z.literal(2)]),
  buildId: z.string().regex(/^[0-9a-f]{8}$/),
  /** When the build was made: the live clock counts its segments from a minute before it. */
  generatedAt: z.iso.datetime(),
  segmentDuration: z.number().positive(),
  captions: z.object({
    segmentCount: z.number().int().positive(),
    languages: z.array(z.object({ lang: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), name: z.string() })),
  }),
  // Looked up by a name from the URL: a null prototype, so `/media/constructor/...` finds no stream
  // rather than Object's constructor (issue 12).
  streams: z
    .record(z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/), Stream)
    .transform((streams) =>
      Object.assign(Object.create(null) as Record<string, z.infer<typeof Stream>>, streams),
    ),
  /** The landing page's preview cut (LAND-10); caches made before it have none. */
  teaser: z
    .object({
      file: z.literal('teaser.mp4'),
      seconds: z.number().positive(),
      bytes: z.number().int().positive(),
    })
    .optional(),
});
export type Manifest = z.infer<typeof Manifest>;

export type Catalog = {
  dir: string;
  manifest: Manifest;
  /** Key bytes by stream name, read once per cache build. */
  keys: Map<string, Buffer>;
  /** DASH (CENC) keys by key id (hex), with the stream they open. */
  dashKeys: Map<string, { stream: string; key: Buffer }>;
};

export type MediaCatalog = {
  /** The current cache, or null while none is there (or it is not readable). */
  current(): Promise<Catalog | null>;
};

/** How often the manifest's identity is checked, so that a regenerated cache is picked up. */
const RECHECK_MS = 1000;

/**
 * The media cache as described by its manifest.json. The generator swaps in a new cache by renaming
 * a directory, so a changed inode or mtime of the manifest means a new build: reload it then.
 */
export function createMediaCatalog(dir: string, now: () => number = Date.now): MediaCatalog {
  let cached: { catalog: Catalog | null; identity: string; checkedAt: number } | null = null;
  const manifestFile = path.join(dir, 'manifest.json');

  async function identityOf(): Promise<string> {
    try {
      const s = await stat(manifestFile);
      return `${s.ino}:${s.mtimeMs}:${s.size}`;
    } catch {
      return 'missing';
    }
  }

  async function load(): Promise<Catalog | null> {
    try {
      const manifest = Manifest.parse(JSON.parse(await readFile(manifestFile, 'utf8')));
      const keys = new Map<string, Buffer>();
      const dashKeys = new Map<string, { stream: string; key: Buffer }>();
      for (const [name, stream] of Object.entries(manifest.streams)) {
        const key = await readFile(path.join(dir, stream.key.file));
        if (key.length !== 16) return null;
        keys.set(name, key);
        if (stream.dash) {
          const dashKey = await readFile(path.join(dir, stream.dash.key.file));
          if (dashKey.length !== 16) return null;
          dashKeys.set(stream.dash.kid, { stream: name, key: dashKey });
        }
      }
      return { dir, manifest, keys, dashKeys };
    } catch {
      return null;
    }
  }

  return {
    async current() {
      const t = now();
      if (cached && t - cached.checkedAt < RECHECK_MS) return cached.catalog;
      const identity = await identityOf();
      if (cached && cached.identity === identity) {
        cached.checkedAt = t;
        return cached.catalog;
      }
      const catalog = identity === 'missing' ? null : await load();
      cached = { catalog, identity, checkedAt: t };
      return catalog;
    },
  };
}

/** The file of loop segment `index` of a variant, on disk. Names never come from a request. */
export function segmentPath(c: Catalog, stream: string, variant: string, index: number): string {
  return path.join(c.dir, 'streams', stream, variant, `seg_${String(index).padStart(5, '0')}.ts`);
}

export function captionSegmentPath(c: Catalog, lang: string, index: number): string {
  return path.join(c.dir, 'captions', lang, `seg_${String(index).padStart(5, '0')}.vtt`);
}

export function captionFilePath(c: Catalog, lang: string): string {
  return path.join(c.dir, 'captions', `${lang}.vtt`);
}

/** A DASH representation's init segment or loop segment `index`, on disk. */
export function dashPath(c: Catalog, stream: string, representation: string, index: number | 'init'): string {
  const file = index === 'init' ? 'init.mp4' : `seg_${String(index).padStart(5, '0')}.m4s`;
  return path.join(c.dir, 'streams', stream, 'dash', representation, file);
}
