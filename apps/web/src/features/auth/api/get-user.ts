import type { PublicUser, User } from '@encore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** GET /thor/users/{id}/: the full user for oneself, the public profile for anyone else. */
export async function getUser(id: number, signal?: AbortSignal): Promise<User | PublicUser> {
  const { data } = await apiRequest<User | PublicUser>(`/thor/users/${id}/`, { signal });
  return data;
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: ['users', id], queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
