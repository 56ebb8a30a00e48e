/**
 * Why the fan is not in the chat room (viewing section 8, CHAT-17): 5xx is the server's fault (an
 * apology and retry), a refusal is 'cannot join the concert', anything else 'join failed'.
 */
/** Not an HTTP answer: the realtime gateway refused the room's channel (viewing section 8, LAND-33). */
export const CHANNEL_SETUP_FAILED = 'CHANNEL_SETUP_FAILED';

export function joinNoticeKey(code: string) {
  if (code === CHANNEL_SETUP_FAILED) return 'chat-channel-setup-failed' as const;
  if (code === 'INTERNAL_SERVER_ERROR') return 'chat-join-server-error' as const;
  if (code === 'UNKNOWN_ERROR' || code === 'CONNECTION_ERROR') return 'chat-join-failed' as const;
  return 'chat-join-cannot' as const;
}
