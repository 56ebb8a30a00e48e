import {
  type ClearKeyLicence,
  type ClearKeyLicenceRequest,
  computeEntitlements,
  DRM_REFRESH_MARGIN_MS,
  DRM_SYSTEMS,
  DRM_TOKEN_HEADER,
  type DrmSystem,
  type DrmTokenQuery,
  type DrmTokenResponse,
  type MultiviewCount,
  STREAM_NAME_RE,
  streamCovered,
  type VideoResponse,
} from '@encore/contract';
import type { FastifyRequest } from 'fastify';
import type { DrmAdapter } from '../../adapters/drm/drm-adapter.ts';
import { AppError } from '../../errors.ts';
import type { Session } from '../auth/auth.service.ts';
import type { DevicesRepo } from '../devices/devices.repo.ts';
import { SESSION_IDLE_MS } from '../devices/devices.service.ts';
import { streamsForLatencyMode } from '../ingest/latency-mode.ts';
import type { CatalogEntry, ShowsService } from '../shows/shows.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import type { DeviceLiveness } from './device-liveness.ts';
import type { DrmClaims, DrmTokens } from './drm-token.ts';

/** What a host's preview may watch: every angle and mosaic (4K when the show has it). */
const HOST_VIEW = { multiview: 6, uhd: true } as const;

const ID_RE = /^[1-9]\d{0,8}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Viewing section 8: "Video and DRM 400 or 404 VIDEO_NOT_FOUND".
const badVideo = () => new AppError('VIDEO_NOT_FOUND', 400, 'This video could not be found.');
const noVideo = () => new AppError('VIDEO_NOT_FOUND', 404, 'This video could not be found.');
const noTicket = () =>
  new AppError('NO_TICKET', 403, 'A DRM token is only for the holder of a ticket to this paid event.');
const notEntitled = () => new AppError('NOT_ENTITLED', 403, 'Your ticket does not include this view.');
const tooManyDevices = () =>
  new AppError(
    'TOO_MANY_DEVICES',
    409,
    'This ticket is now watched on other devices (tickets are not shareable). Enter the event again.',
  );
const notActive = () =>
  new AppError('NOT_ACTIVE', 409, 'Your session has expired. Please re-enter the event.');

// Key requests (docs/media.md section 2.2): 401 means "get a (new) token", 403 "this token will never do".
const keyNeedsToken = () => new AppError('UNAUTHORIZED', 401, 'A DRM token is required for this key.');
const keyTokenExpired = () =>
  new AppError('DRM_TOKEN_EXPIRED', 401, 'The DRM token has expired: fetch a new one (licence refresh).');
const keyTokenInvalid = () => new AppError('DRM_TOKEN_INVALID', 403, 'This DRM token is not valid.');
const keyNotCovered = () => new AppError('FORBIDDEN', 403, 'This DRM token does not cover this stream.');
const keyDeviceEnded = () =>
  new AppError('NOT_ACTIVE', 403, 'This device session has ended: the key is no longer available to it.');

export type VideoDeps = {
  shows: ShowsService;
  tickets: Pick<TicketsService, 'ticketFor'>;
  devices: Pick<DevicesRepo, 'find' | 'touch'>;
  liveness: DeviceLiveness;
  tokens: DrmTokens;
  tokenTtlSeconds: number;
  adapter: DrmAdapter;
  /** The app's public URL: a stream mapped to `${publicUrl}/media/...` is the origin's too. */
  publicUrl: string;
  /** The media origin's DASH (CENC) key of a key id (hex), with its stream; null for none. */
  dashKey: (kidHex: string) => Promise<{ stream: string; key: Buffer; liveSlug?: string } | null>;
  now?: () => number;
};

function streamRank(name: string): number {
  const angle = /^mix-stream(\d+)$/.exec(name);
  if (angle) return Number(angle[1]);
  const mosaic = /^streampips(\d+)$/.exec(name);
  if (mosaic) return 1e6 + Number(mosaic[1]);
  return name === 'fanwall-stream' ? 2e6 : 3e6;
}

/**
 * Whether the show's source of `stream` (its HLS, or its DASH for a ClearKey licence) is the Encore
 * origin: an external URL has its own keys.
 */
function servedByOrigin(
  entry: CatalogEntry,
  stream: string,
  publicUrl: string,
  type: 'hls' | 'dash' = 'hls',
  liveSlug?: string,
): boolean {
  const url = entry.show.streams[stream]?.[type]?.url;
  if (!url) return false;
  const path = url.startsWith(publicUrl) ? url.slice(publicUrl.length) : url;
  // A live-ingest show's streams (issue 11) are the origin's under /media/live/<its slug>/.
  if (liveSlug !== undefined) {
    return entry.show.slug === liveSlug && path.startsWith(`/media/live/${liveSlug}/${stream}/`);
  }
  return path.startsWith(`/media/${stream}/`);
}

/**
 * Video data and content protection (viewing sections 7 and 8, DESIGN.md section 6): the video of a
 * show, DRM tokens for ticket holders' live device sessions, the key check of the media origin and
 * the licence proxy of the provider path.
 */
export function createVideoService(deps: VideoDeps) {
  const now = deps.now ?? Date.now;

  async function entryOf(rawId: string, malformed: () => AppError): Promise<CatalogEntry> {
    if (!ID_RE.test(rawId)) throw malformed();
    const entry = await deps.shows.byChannelId(Number(rawId));
    if (!entry) throw noVideo();
    return entry;
  }

  /** A checked token's claims, or the key/licence answer for a missing, bad or expired one. */
  function claimsOf(token: unknown): DrmClaims {
    if (typeof token !== 'string' || token === '') throw keyNeedsToken();
    const check = deps.tokens.verify(token, now());
    if (!check.ok) throw check.reason === 'expired' ? keyTokenExpired() : keyTokenInvalid();
    return check.claims;
  }

  function issue(
    userId: number,
    q: DrmTokenQuery,
    entry: CatalogEntry,
    entitlements: { multiview: MultiviewCount; uhd: boolean },
    host: boolean,
    sessionId: string = q.session_id,
  ): DrmTokenResponse {
    const view = host ? { ...entitlements, uhd: entry.hasStream4k } : entitlements;
    const exp = Math.floor(now() / 1000) + deps.tokenTtlSeconds;
    const token = deps.tokens.issue({
      u: userId,
      s: sessionId,
      c: entry.row.channel_id,
      p: entry.row.paid_event_id,
      st: q.stream,
      mv: view.multiview,
      k: view.uhd,
      exp,
      ...(host ? { h: true } : {}),
    });
    const licence =
      deps.adapter.systems.length === 0
        ? null
        : {
            urls: Object.fromEntries(
              deps.adapter.systems.map((s) => [s, `/thor/video/licence/${s}/`]),
            ) as Partial<Record<DrmSystem, string>>,
          };
    return {
      token,
      header: DRM_TOKEN_HEADER,
      expires_at: new Date(exp * 1000).toISOString(),
      refresh_at: new Date(exp * 1000 - DRM_REFRESH_MARGIN_MS).toISOString(),
      expires_in: deps.tokenTtlSeconds,
      stream: q.stream,
      stream_type: q.stream_type as 'hls' | 'dash',
      provider: deps.adapter.provider,
      entitlements: view,
      licence,
    };
  }

  /** A host preview's token holds no device place; every other token's device session must be live. */
  async function liveViewer(claims: DrmClaims): Promise<boolean> {
    return claims.h === true || deps.liveness.isLive(claims.u, claims.s);
  }

  return {
    /** GET /thor/video/{id}/ */
    async video(rawId: string): Promise<VideoResponse> {
      const entry = await entryOf(rawId, badVideo);
      const { show, row } = entry;
      const streams = streamsForLatencyMode(show);
      return {
        id: row.channel_id,
        slug: show.slug,
        event_name: show.event_name,
        paid_event_name: show.paid_event_name,
        paid_event_id: show.paid_event_id,
        live: now() < row.event_end_time.getTime(),
        base_video: show.base_video,
        pips: show.pips,
        // jsonb keeps no key order: list in a fixed one (angles, mosaics, fan wall, 4K).
        videos: Object.entries(streams)
          .sort(([a], [b]) => streamRank(a) - streamRank(b))
          .map(([name, source]) => ({
            name,
            src: source.hls.url,
            type: 'application/x-mpegURL' as const,
          })),
        caption_files: show.caption_files,
        streams,
        latency_mode: show.latency_mode ?? 'standard',
        drm: {
          provider: deps.adapter.provider,
          encrypted: Object.keys(show.streams).some(
            (s) =>
              servedByOrigin(entry, s, deps.publicUrl) ||
              servedByOrigin(entry, s, deps.publicUrl, 'hls', show.slug),
          ),
        },
      };
    },

    /** GET /thor/video/drm/ */
    async issueToken(session: Session, q: DrmTokenQuery): Promise<DrmTokenResponse> {
      const streamType = q.stream_type;
      if (
        !STREAM_NAME_RE.test(q.stream) ||
        (streamType !== 'hls' && streamType !== 'dash') ||
        !/^\d{1,10}$/.test(q.paid_event) ||
        !UUID_RE.test(q.session_id)
      ) {
        throw badVideo();
      }
      const entry = await entryOf(q.video, badVideo);
      // A token is fetched only for a non-zero paid event id (viewing section 4): 0 is no paid ticket.
      if (Number(q.paid_event) === 0) throw noTicket();
      if (Number(q.paid_event) !== entry.row.paid_event_id) throw noVideo();
      const source = entry.show.streams[q.stream];
      if (!source || (streamType === 'dash' && !source.dash)) throw noVideo();

      const user = session.user;
      const ticket = await deps.tickets.ticketFor(user.id, entry.row.id);
      // The control room's preview (issue 13): a host watches every view of any show without a
      // ticket or a device place. The token says so (h); its short lifetime bounds a lost host role.
      if (!ticket && user.role === 'host') return issue(user.id, q, entry, HOST_VIEW, true);
      if (!ticket) throw noTicket();
      const device = await deps.devices.find(q.session_id);
      if (!device || device.user_id !== user.id || device.show_id !== entry.row.id) throw notActive();
      if (device.end_reason === 'replaced') throw tooManyDevices();
      const at = now();
      if (device.ended_at || device.last_seen_at.getTime() <= at - SESSION_IDLE_MS) throw notActive();
      const entitlements = computeEntitlements(ticket.attributes, entry.hasStream4k);
      if (!streamCovered(q.stream, entitlements, entry.show.base_video)) throw notEntitled();
      // Asking for a token is a sign of life of the device, like a realtime heartbeat.
      await deps.devices.touch([device.id], new Date(at));

      return issue(user.id, q, entry, entitlements, false, device.id);
    },

    /**
     * The media origin's KeyAuthorizer: the token of the DRM_TOKEN_HEADER header (or `?token=` for
     * players that cannot send headers) must be genuine and unexpired, cover `stream` of its show
     * (served by this origin, within the ticket's view), and its device session must still be live.
     */
    async authorizeKey(req: FastifyRequest, stream: string, liveSlug?: string): Promise<boolean> {
      const header = req.headers[DRM_TOKEN_HEADER];
      const query = (req.query as { token?: unknown } | undefined)?.token;
      const claims = claimsOf(typeof header === 'string' ? header : query);
      const entry = await deps.shows.byChannelId(claims.c);
      if (
        !entry ||
        entry.row.paid_event_id !== claims.p ||
        !servedByOrigin(entry, stream, deps.publicUrl, 'hls', liveSlug) ||
        !streamCovered(stream, { multiview: claims.mv, uhd: claims.k }, entry.show.base_video)
      ) {
        throw keyNotCovered();
      }
      if (!(await liveViewer(claims))) throw keyDeviceEnded();
      return true;
    },

    /**
     * POST /thor/video/licence/clearkey/: Encore's own ClearKey licence for the origin's DASH. The same
     * refusals as the key route (authorizeKey), and the token must be the signed-in fan's: every key
     * id must be a stream of the token's show, served as DASH by this origin, within the ticket's view.
     */
    async clearKeyLicence(
      session: Session,
      token: unknown,
      req: ClearKeyLicenceRequest,
    ): Promise<ClearKeyLicence> {
      const claims = claimsOf(token);
      if (claims.u !== session.user.id) throw keyTokenInvalid();
      const entry = await deps.shows.byChannelId(claims.c);
      const keys: ClearKeyLicence['keys'] = [];
      for (const kid of req.kids) {
        const found = await deps.dashKey(Buffer.from(kid, 'base64url').toString('hex'));
        if (!found) throw new AppError('NOT_FOUND', 404, 'No such key.');
        if (
          !entry ||
          entry.row.paid_event_id !== claims.p ||
          !servedByOrigin(entry, found.stream, deps.publicUrl, 'dash', found.liveSlug) ||
          !streamCovered(found.stream, { multiview: claims.mv, uhd: claims.k }, entry.show.base_video)
        ) {
          throw keyNotCovered();
        }
        keys.push({ kty: 'oct', kid, k: found.key.toString('base64url') });
      }
      if (!(await liveViewer(claims))) throw keyDeviceEnded();
      return { keys, type: req.type };
    },

    /** POST /thor/video/licence/{system}/: the provider path's licence proxy. */
    async licence(session: Session, rawSystem: string, token: unknown, challenge: Buffer): Promise<Buffer> {
      const system = DRM_SYSTEMS.find((s) => s === rawSystem);
      if (!system || !deps.adapter.systems.includes(system)) {
        throw new AppError('NOT_FOUND', 404, 'This licence server does not exist.');
      }
      const claims = claimsOf(token);
      if (claims.u !== session.user.id) throw keyTokenInvalid();
      if (!(await liveViewer(claims))) throw keyDeviceEnded();
      if (challenge.length === 0) throw new AppError('BAD_REQUEST', 400, 'The licence challenge is empty.');
      return deps.adapter.requestLicence({
        system,
        challenge,
        viewer: { userId: claims.u, sessionId: claims.s, paidEventId: claims.p, stream: claims.st },
      });
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
