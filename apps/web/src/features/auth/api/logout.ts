import { apiRequest } from '../../../lib/api/api-client.ts';

/** POST /thor/auth/logout/: revokes the token on the server. */
export async function logout(): Promise<void> {
  await apiRequest<unknown>('/thor/auth/logout/', { method: 'POST', handleAuthFailure: false });
}
