/**
 * Where a key moves the focus in a menu of `count` items (WAI-ARIA menu pattern): Down and Up to the
 * next and previous item, wrapping; Home and End to the first and last. `current` is the focused
 * item's index, -1 when none is. Null for any other key (Enter and Space choose: the item's click).
 */
export function menuKeyTarget(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
