import { apiRequest } from '../../../lib/api/api-client.ts';

/**
 * DELETE /thor/shows/{slug}/enter/{session_id}/ (204): frees the device slot. Sent with keepalive so
 * it survives the tab closing, and with the token the session was opened with, because signing out
 * clears the stored token before the page unmounts.
 */
export function leaveEvent(slug: string, sessionId: string, token: string | null): void {
  void apiRequest(`/thor/shows/${encodeURIComponent(slug)}/enter/${encodeURIComponent(sessionId)}/`, {
    method: 'DELETE',
    keepalive: true,
    token,
    // The session may be gone already (replaced, expired, signed out): no answer here ends anything.
    handleAuthFailure: false,
  }).catch(() => {});
}
