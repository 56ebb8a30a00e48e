import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a network (navigator.onLine, its 'online' and 'offline' events).
 * False means the fan's own connection is down (issue 26): the viewer says so instead of leaving a
 * frozen picture, or a slate that blames the show. True proves little (a link up that carries nothing),
 * so the realtime socket's state is read beside it.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
