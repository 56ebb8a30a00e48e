import { hangChannel, type Toss } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { realtime } from '../../../lib/realtime/realtime.ts';
import { useSessionStore } from '../../../lib/store/session-store.ts';
import { fetchFeed, moderationKeys } from './api/moderation-api.ts';
import { mergeFeed } from './feed-list.ts';

/**
 * The live feed of every hang of the show for its moderators: the feed call's history, then every
 * hang channel on the realtime connection (moderators may read them without a ticket). A deletion,
 * by anyone, removes the message here too. The hang list is re-read every 15 s: a busy show opens
 * more hangs as fans arrive.
 */
export function useModerationFeed(slug: string) {
  const token = useSessionStore((s) => s.authToken);
  const feed = useQuery({
    queryKey: moderationKeys.feed(slug),
    queryFn: () => fetchFeed(slug),
    refetchInterval: 15_000,
    staleTime: 0,
  });
  const [tosses, setTosses] = useState<Toss[]>([]);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (feed.data) setTosses((list) => mergeFeed(list, feed.data.tosses));
  }, [feed.data]);

  // Connected, never disconnected on leaving: the show's status bar and live figures share the socket
  // on every screen of the show (a sign-out closes it).
  useEffect(() => {
    if (token) realtime.connect({ token });
  }, [token]);

  const suffixes = (feed.data?.hangs ?? []).map((h) => h.pubnubForHang).join(' ');
  useEffect(() => {
    if (!suffixes) return;
    const offs = suffixes.split(' ').map((suffix) =>
      realtime.subscribe(hangChannel(suffix), (event) => {
        if (event.kind === 'toss') setTosses((list) => mergeFeed(list, [event.toss]));
        else if (event.kind === 'toss_deleted') setDeleted((d) => new Set(d).add(event.toss_id));
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [suffixes]);

  return {
    status: feed.status,
    hangs: feed.data?.hangs ?? [],
    policy: feed.data?.policy ?? null,
    tosses: tosses.filter((t) => !deleted.has(t.toss_id)),
    /** Hides a message at once after this moderator deleted it (the channel confirms for others). */
    forget: (tossId: string) => setDeleted((d) => new Set(d).add(tossId)),
  };
}
