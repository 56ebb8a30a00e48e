import type {
  CodeImportResult,
  CueState,
  CueTimeline,
  DuplicateShowBody,
  FiguresHistory,
  FreeShowIds,
  HostShow,
  HostShowList,
  RevokeResult,
  Show,
  TicketCodePage,
  UploadResult,
  WaitingRoomSettings,
  WaitingRoomState,
} from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';

/**
 * The control room's calls under /thor/host/ (hosts only). A 403 here means "not a host", not a
 * dead token: only a 401 ends the session.
 */
const host = { handleAuthFailure: 'unauthorized-only' } as const;
const showPath = (slug: string) => `/thor/host/shows/${encodeURIComponent(slug)}`;

export const hostKeys = {
  shows: ['host', 'shows'] as const,
  show: (slug: string) => ['host', 'show', slug] as const,
  cues: (slug: string) => ['host', 'cues', slug] as const,
  timeline: (slug: string) => ['host', 'cue-timeline', slug] as const,
  codes: (slug: string, query: string) => ['host', 'codes', slug, query] as const,
};

export async function listShows(): Promise<HostShowList> {
  return (await apiRequest<HostShowList>('/thor/host/shows', host)).data;
}

export async function getShow(slug: string): Promise<HostShow> {
  return (await apiRequest<HostShow>(showPath(slug), host)).data;
}

/** GET /thor/host/show-ids: ids no show uses yet, a new show's defaults. */
export async function freeShowIds(): Promise<FreeShowIds> {
  return (await apiRequest<FreeShowIds>('/thor/host/show-ids', host)).data;
}

/** POST /thor/host/shows: a new show; a slug or id in use is 409 naming it (never a replacement). */
export async function createShow(show: Show): Promise<HostShow> {
  return (await apiRequest<HostShow>('/thor/host/shows', { ...host, method: 'POST', body: show })).data;
}

/** PUT /thor/host/shows/{slug}: an edit based on `version`; 409 SHOW_STALE when the show moved on. */
export async function saveShow(show: Show, version: number): Promise<HostShow> {
  const body = { ...show, version };
  return (await apiRequest<HostShow>(showPath(show.slug), { ...host, method: 'PUT', body })).data;
}

export async function duplicateShow(slug: string, body: DuplicateShowBody): Promise<HostShow> {
  return (await apiRequest<HostShow>(`${showPath(slug)}/duplicate`, { ...host, method: 'POST', body })).data;
}

/** GET /thor/host/shows/{slug}/cue-timeline: the latest timed cues on the show clock, and the fans' distances. */
export async function getCueTimeline(slug: string): Promise<CueTimeline> {
  return (await apiRequest<CueTimeline>(`${showPath(slug)}/cue-timeline?limit=20`, host)).data;
}

export async function getCues(slug: string): Promise<CueState> {
  return (await apiRequest<CueState>(`${showPath(slug)}/cues`, host)).data;
}

export async function getFigures(slug: string): Promise<FiguresHistory> {
  return (await apiRequest<FiguresHistory>(`${showPath(slug)}/figures`, host)).data;
}

/** GET /thor/host/shows/{slug}/waiting-room: the settings and the line as it is now (issue 28). */
export async function getWaitingRoom(slug: string): Promise<WaitingRoomState> {
  return (await apiRequest<WaitingRoomState>(`${showPath(slug)}/waiting-room`, host)).data;
}

export async function saveWaitingRoom(
  slug: string,
  settings: WaitingRoomSettings,
): Promise<WaitingRoomState> {
  return (
    await apiRequest<WaitingRoomState>(`${showPath(slug)}/waiting-room`, {
      ...host,
      method: 'PUT',
      body: settings,
    })
  ).data;
}

export async function listCodes(slug: string, query: URLSearchParams): Promise<TicketCodePage> {
  return (await apiRequest<TicketCodePage>(`${showPath(slug)}/ticket-codes?${query}`, host)).data;
}

export async function revokeCode(slug: string, code: string): Promise<RevokeResult> {
  const path = `${showPath(slug)}/ticket-codes/${encodeURIComponent(code)}/revoke`;
  return (await apiRequest<RevokeResult>(path, { ...host, method: 'POST' })).data;
}

export async function revokeTicket(slug: string, username: string): Promise<RevokeResult> {
  const path = `${showPath(slug)}/tickets/revoke`;
  return (await apiRequest<RevokeResult>(path, { ...host, method: 'POST', body: { username } })).data;
}

/** A body that is not JSON (a CSV file, an image): fetch with the session's token. */
async function sendRaw<T>(
  path: string,
  body: Blob | string,
  contentType: string,
  keep400 = false,
): Promise<T> {
  const token = useSessionStore.getState().authToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': contentType,
        Accept: 'application/json',
        ...(token ? { Authorization: `Token ${token}` } : {}),
      },
      body,
    });
  } catch {
    throw new ApiError(null, null);
  }
  const data = await res.json().catch(() => null);
  // The import's 400 lists every bad line: the caller shows them.
  if (!res.ok && !(keep400 && res.status === 400 && data)) throw new ApiError(res.status, data);
  return data as T;
}

/** POST /thor/host/shows/{slug}/ticket-codes: 201 imported, or 400 with every line's errors. */
export function importCodes(
  slug: string,
  csv: Blob,
): Promise<Partial<CodeImportResult> & { message?: string }> {
  return sendRaw(`${showPath(slug)}/ticket-codes`, csv, 'text/csv', true);
}

/** POST /thor/host/uploads: an image for a slate or the cheer art. */
export function uploadImage(file: File): Promise<UploadResult> {
  return sendRaw<UploadResult>('/thor/host/uploads', file, file.type);
}

/** The CSV export's URL is fetched with the token and saved as a file. */
export async function downloadCodes(slug: string, query: URLSearchParams): Promise<void> {
  const token = useSessionStore.getState().authToken;
  const res = await fetch(`${showPath(slug)}/ticket-codes.csv?${query}`, {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, null);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${slug}-codes.csv`;
  a.click();
  URL.revokeObjectURL(url);
}
