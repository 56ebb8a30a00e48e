import { useCurrentUser } from '../api/current-user.ts';

/** Keeps the signed-in user fresh: the stored copy is replaced by the server's on load and after login. */
export function CurrentUserSync() {
  useCurrentUser();
  return null;
}
