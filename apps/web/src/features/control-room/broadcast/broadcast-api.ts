import type { BroadcastStatus, EnableIngestResponse, RotatedKey } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

// The host's live-ingest routes (issue 11): /thor/host/shows/{slug}/ingest/...
const base = (slug: string) => `/thor/host/shows/${encodeURIComponent(slug)}/ingest/`;
// A 403 here means "not a host", not a dead token: keep the session.
const host = { handleAuthFailure: 'unauthorized-only' as const };

export async function getBroadcast(slug: string): Promise<BroadcastStatus> {
  return (await apiRequest<BroadcastStatus>(base(slug), host)).data;
}

export async function enableIngest(slug: string): Promise<EnableIngestResponse> {
  return (await apiRequest<EnableIngestResponse>(base(slug), { ...host, method: 'PUT', body: {} })).data;
}

export async function rotateKey(slug: string, stream: string): Promise<RotatedKey> {
  const path = `${base(slug)}keys/${encodeURIComponent(stream)}/rotate/`;
  return (await apiRequest<RotatedKey>(path, { ...host, method: 'POST' })).data;
}

/** Go live; `openDoors` also opens the doors now (the host was asked), else before them it is 409. */
export async function goLive(slug: string, openDoors = false): Promise<BroadcastStatus> {
  const body = openDoors ? { open_doors: true } : {};
  return (await apiRequest<BroadcastStatus>(`${base(slug)}go-live/`, { ...host, method: 'POST', body })).data;
}

export async function endShow(slug: string): Promise<BroadcastStatus> {
  return (await apiRequest<BroadcastStatus>(`${base(slug)}end/`, { ...host, method: 'POST' })).data;
}
