import { useSessionStore } from '../store/session-store.ts';
import { type AppIdentity, buildAcceptHeader } from './accept-header.ts';
import { ApiError } from './api-error.ts';

/** Base URL of the API, set at build time; empty means same origin (the default deployment). */
const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

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
  /** Logout itself answers 401 for an already dead token; that must not end the session twice. */
  handleAuthFailure?: boolean;
  signal?: AbortSignal;
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
  const { method = 'GET', body, auth = true, handleAuthFailure = true, signal } = request;
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? useSessionStore.getState().authToken : null;
  if (token) headers.Authorization = `Token ${token}`;

  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(null, null);
  }

  const data = await readBody(res);
  if (res.ok) return { status: res.status, data: data as T };

  if (res.status === 429) console.warn(`[api] ${method} ${path}: 429 too many requests`);
  // Only a call that carried a token can prove the token is no longer good.
  if (token && handleAuthFailure && (res.status === 401 || res.status === 403)) onAuthFailure?.(res.status);
  throw new ApiError(res.status, data);
}
