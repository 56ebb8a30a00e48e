/**
 * Keyboard reach of the chat list (issue 26): the list is one Tab stop however many messages it holds
 * (a Tab stop per message "Actions" button made 29 stops with 11 messages before the chat box). The
 * messages' own controls are reached inside the list with the arrow keys: from the list, Up and End
 * go to the newest control (the list sits at its newest end), Down and Home to the oldest; from a
 * control, Up and Down step through them and stop at the ends. Null: the key is not the list's.
 */
export function listActionTarget(count: number, current: number, key: string): number | null {
  if (count === 0) return null;
  const last = count - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (current < 0) {
    if (key === 'ArrowUp') return last;
    if (key === 'ArrowDown') return 0;
    return null;
  }
  if (key === 'ArrowUp') return Math.max(0, current - 1);
  if (key === 'ArrowDown') return Math.min(last, current + 1);
  return null;
}

/** What marks a message's control as one the list's arrow keys reach (tabindex -1, not a Tab stop). */
export const LIST_ACTION_ATTR = 'data-chat-action';
