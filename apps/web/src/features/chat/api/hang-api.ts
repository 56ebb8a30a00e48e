import {
  CHAT_RESULT_CODES,
  FEATURED_HANGS_FILTER,
  type Hang,
  type HangsListResponse,
  type JoinHangResponse,
  type OutgoingToss,
  OVER_CAPACITY,
  resultCode,
  SLOW_MODE,
  type TossResponse,
  toTossBody,
} from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { ApiError, statusOf } from '../../../lib/api/api-error.ts';

/** A join_hang that did not place the fan: `code` is the result code of viewing section 8. */
export class JoinHangError extends Error {
  readonly status: number | null;
  readonly code: string;

  constructor(status: number | null, code: string) {
    super(`join_hang ${status ?? 'no response'} ${code}`);
    this.name = 'JoinHangError';
    this.status = status;
    this.code = code;
  }
}

/** GET get_hangs_list (CHAT-05): the client reads hang_category_list[0].hangs; this show's first. */
export async function featuredHang(channelId: number, signal?: AbortSignal): Promise<Hang | null> {
  const query = new URLSearchParams({ filter: FEATURED_HANGS_FILTER, channel_id: String(channelId) });
  const res = await apiRequest<HangsListResponse>(`/thor/hangs/get_hangs_list/?${query}`, { signal });
  const hangs = res.data?.hang_category_list?.[0]?.hangs ?? [];
  return hangs.find((h) => h.channel_id === channelId) ?? hangs[0] ?? null;
}

/**
 * PUT join_hang (CHAT-07): 202 and 206 are 2xx answers that did not join, so only a 200 with a
 * session counts; every other answer becomes a JoinHangError with its code (CHAT-09..16).
 */
export async function joinHang(
  hangId: number,
  sessionId: string,
  signal?: AbortSignal,
): Promise<JoinHangResponse> {
  try {
    const res = await apiRequest<JoinHangResponse>('/thor/hangs/join_hang/', {
      method: 'PUT',
      body: { hang_id: hangId, session_id: sessionId },
      signal,
      // 403 is EVENT_NOT_OPEN here, not a dead token.
      handleAuthFailure: 'unauthorized-only',
    });
    if (res.status !== 200 || !res.data?.session_id)
      throw new JoinHangError(res.status, resultCode('joinHang', res.status));
    return res.data;
  } catch (error) {
    if (error instanceof JoinHangError || signal?.aborted) throw error;
    const status = statusOf(error);
    throw new JoinHangError(status, resultCode('joinHang', status));
  }
}

/** PUT leave_hang (no trailing slash, CHAT-18). Sent with keepalive: it may run as the tab closes. */
export async function leaveHang(hangId: number, sessionId: string): Promise<void> {
  await apiRequest('/thor/hangs/leave_hang', {
    method: 'PUT',
    body: { hang_id: hangId, session_id: sessionId },
    keepalive: true,
    handleAuthFailure: false,
  });
}

export type TossOutcome =
  | { ok: true; response: TossResponse }
  | {
      ok: false;
      overCapacity: boolean;
      /** OVER_CAPACITY because of the fan's own sending limit, not the room's (issue 26). */
      ownLimit: boolean;
      slowMode: boolean;
      offline: boolean;
    };

/** POST toss (CHAT-28): 500 OVER_CAPACITY locks sending for 20 s; any other failure is 'chat send error'. */
export async function postToss(sessionId: string, toss: OutgoingToss): Promise<TossOutcome> {
  try {
    const res = await apiRequest<TossResponse>(
      `/thor/hangs/${toss.hangId}/${encodeURIComponent(sessionId)}/toss/`,
      { method: 'POST', body: toTossBody(toss), handleAuthFailure: 'unauthorized-only' },
    );
    return { ok: true, response: res.data };
  } catch (error) {
    // Viewing section 8: a 500 answer is OVER_CAPACITY (CHAT_RESULT_CODES.toss); the body names it too.
    const code = error instanceof ApiError ? error.code : null;
    const status = statusOf(error);
    return {
      ok: false,
      overCapacity: code === OVER_CAPACITY || CHAT_RESULT_CODES.toss[status as 500] === OVER_CAPACITY,
      ownLimit: error instanceof ApiError && error.capacity === 'sender',
      // Moderation: 429 SLOW_MODE, one message per N seconds.
      slowMode: code === SLOW_MODE,
      // No answer at all: the fan's own connection (issue 26); the line is sent again when it is back.
      offline: error instanceof ApiError && error.status === null,
    };
  }
}
