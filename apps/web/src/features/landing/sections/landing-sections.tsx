import type { Show } from '@encore/contract';
import type { ShowStatusOf } from '../hooks/use-show-states.ts';
import { LivestreamAccess } from './livestream-access.tsx';
import { MerchStore } from './merch-store.tsx';
import { TeaserVideo } from './teaser-video.tsx';
import { UpcomingShows } from './upcoming-shows.tsx';
import './sections.css';

/** Everything below the ticketing block, loaded after the first paint (landing JS budget). */
export function LandingSections({
  others,
  now,
  statusOf,
}: {
  others: Show[];
  now: number;
  statusOf?: ShowStatusOf;
}) {
  return (
    <>
      <UpcomingShows shows={others} now={now} statusOf={statusOf} />
      <TeaserVideo />
      <MerchStore />
      <LivestreamAccess />
    </>
  );
}
