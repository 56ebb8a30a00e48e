import { type ReplayTrim, type ReplayTrimBody, replayTrimPath } from '@encore/contract';
import { apiRequest } from '../../../lib/api/api-client.ts';

// The replay's trim (issue 27): GET/PUT /thor/host/shows/{slug}/replay/. A 403 is "not a host".
const host = { handleAuthFailure: 'unauthorized-only' as const };

export const replayKey = (slug: string) => ['host', 'replay', slug] as const;

export async function getReplayTrim(slug: string): Promise<ReplayTrim> {
  return (await apiRequest<ReplayTrim>(replayTrimPath(slug), host)).data;
}

export async function saveReplayTrim(slug: string, body: ReplayTrimBody): Promise<ReplayTrim> {
  return (await apiRequest<ReplayTrim>(replayTrimPath(slug), { ...host, method: 'PUT', body })).data;
}
