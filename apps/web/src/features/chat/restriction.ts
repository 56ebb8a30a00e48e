import type { ChatRestriction } from '@encore/contract';

/** Whether the fan's restriction still holds at `now` (a timeout ends by itself at `until`). */
export function restrictionActive(r: ChatRestriction | null | undefined, now: number): boolean {
  if (!r) return false;
  return r.until === null || Date.parse(r.until) > now;
}

/** The epoch ms a timeout ends, 0 for none or a lasting restriction (used to re-render at the end). */
export function restrictionEndsAt(r: ChatRestriction | null | undefined): number {
  return r?.until ? Date.parse(r.until) : 0;
}
