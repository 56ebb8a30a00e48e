import { userChannel } from '@encore/contract';
import type { UserRow } from '../db/schema.ts';

/** Decides whether a user may read the channel `<prefix><rest>`; may ask the database. */
export type ChannelRule = (user: UserRow, rest: string) => boolean | Promise<boolean>;

/**
 * Who may subscribe to what (DESIGN.md section 5). A channel is `<kind>-<rest>`; each kind has one
 * rule, and a channel of no known kind is refused. `show-<slug>` (ticket holders) and
 * `hang-<suffix>` (members of the hang) are added here as their modules arrive.
 */
export function createChannelAccess(rules: Record<string, ChannelRule> = {}) {
  const all: Record<string, ChannelRule> = {
    // Device events are one fan's business only.
    user: (user, rest) => userChannel(user.id) === `user-${rest}`,
    ...rules,
  };
  return {
    async canRead(user: UserRow, channel: string): Promise<boolean> {
      const dash = channel.indexOf('-');
      if (dash <= 0) return false;
      const rule = all[channel.slice(0, dash)];
      if (!rule || !Object.hasOwn(all, channel.slice(0, dash))) return false;
      return rule(user, channel.slice(dash + 1));
    },
  };
}

export type ChannelAccess = ReturnType<typeof createChannelAccess>;
