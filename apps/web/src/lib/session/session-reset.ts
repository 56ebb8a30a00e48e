import { useSessionStore } from '../store/session-store.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Logout clears more than the user and token: ticket state and the chat hang session live in their
 * own feature stores, which register here so that every way of ending a session clears them too.
 */
export function onSessionCleared(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearSessionState(): void {
  useSessionStore.getState().clearSession();
  // The query cache among them: lib/query-client.ts registers when it loads (after the first paint).
  for (const listener of listeners) listener();
}
