import { userChannel } from '@encore/contract';
import type { UserRow } from '../db/schema.ts';

/**
 * What a subscribe was granted on. `show` names the show whose ticket (or moderator appointment)
 * the access rests on: when that entitlement is removed, the gateway checks the channel again and
 * ends the subscription (gateway.ts revokeEntitlement). Null: access that no ticket gives or takes.
 */
export type ChannelGrant = { show: number | null };

/** Decides whether a user may read the channel `<prefix><rest>`; may ask the database. */
export type ChannelRule = (user: UserRow, rest: string) => ChannelGrant | null | Promise<ChannelGrant | null>;

/** Granted, and no entitlement to a show behind it. */
export const OPEN: ChannelGrant = { show: null };

/**
 * Who may subscribe to what (DESIGN.md section 5). A channel is `<kind>-<rest>`; each kind has one
 * rule, and a channel of no known kind is refused. Every rule names an existing thing (a show, a
 * hang, the user): a channel of nothing is refused, so a socket cannot make the node follow (and
 * SUBSCRIBE on Redis) names of its own invention (issue 29).
 */
export function createChannelAccess(rules: Record<string, ChannelRule> = {}) {
  const all: Record<string, ChannelRule> = {
    // Device events are one fan's business only.
    user: (user, rest) => (userChannel(user.id) === `user-${rest}` ? OPEN : null),
    ...rules,
  };
  return {
    async grant(user: UserRow, channel: string): Promise<ChannelGrant | null> {
      const dash = channel.indexOf('-');
      if (dash <= 0) return null;
      const kind = channel.slice(0, dash);
      const rule = all[kind];
      if (!rule || !Object.hasOwn(all, kind)) return null;
      return rule(user, channel.slice(dash + 1));
    },
  };
}

export type ChannelAccess = ReturnType<typeof createChannelAccess>;
