import { useSessionStore } from '../store/session-store.ts';
import { type AppIdentity, buildAcceptHeader } from './accept-header.ts';
import { ApiError } from './api-error.ts';

/** Base URL of the API, set at build time; empty means same origin (the default deployment). */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

const environment = { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 };
let accept = buildAcceptHeader(environment);

/** After config.json is read, calls name the app as its thor_app details say (accounts section 7). */
export function configureApiClient(app: AppIdentity): void {
  accept = buildAcceptHeader(environment, app);
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the auth token. Login, registration and password reset are anonymous calls. */
  auth?: boolean;
  /**
   * false: never end the session on this call (logout itself answers 401 for a dead token);
   * 'unauthorized-only': only a 401 ends it.
   */
  handleAuthFailure?: boolean | 'unauthorized-only';
  signal?: AbortSignal;
  /** The request outlives the page (leaving an event as the tab closes). */
  keepalive?: boolean;
  /** Sends this token instead of the stored one: a call made for a session that is already cleared. */
  token?: string | null;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

type AuthFailureHandler = (status: 401 | 403) => void;
let onAuthFailure: AuthFailureHandler | null = null;

/** The app shell decides what a rejected token means (log out, message, go home). */
export function setAuthFailureHandler(handler: AuthFailureHandler | null): void {
  onAuthFailure = handler;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 304) return null;
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, auth = true, handleAuthFailure = true, signal, keepalive } = request;
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? (request.token ?? useSessionStore.getState().authToken) : null;
  if (token) headers.Authorization = `Token ${token}`;

  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
      keepalive: keepalive ?? false,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(null, null);
  }

  const data = await readBody(res);
  if (res.ok) return { status: res.status, data: data as T };

  if (res.status === 429) console.warn(`[api] ${method} ${path}: 429 too many requests`);
  // Only a call that carried a token can prove the token is no longer good.
  // A call may answer 403 for a reason of its own (the event gate's EVENT_NOT_OPEN): it opts out of 403.
  const endsSession = res.status === 401 || (res.status === 403 && handleAuthFailure !== 'unauthorized-only');
  if (token && handleAuthFailure && endsSession) onAuthFailure?.(res.status as 401 | 403);
  throw new ApiError(res.status, data);
}
