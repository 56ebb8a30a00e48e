import { currentShow, listedShows } from '@encore/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfig } from '../../lib/config/config-context.tsx';
import { loadDeferredTexts } from '../../lib/i18n/i18n.ts';
import { useNow } from '../../lib/time/use-now.ts';
import { AnnouncementBanner } from './components/announcement-banner.tsx';
import { Hero } from './components/hero.tsx';
import { ShowTicketing } from './components/show-ticketing.tsx';
import { useShowStates } from './hooks/use-show-states.ts';
import './landing.css';

// Below the ticketing block, out of the first screen: it loads with its texts while the top paints.
const LandingSections = lazy(() =>
  Promise.all([import('./sections/landing-sections.tsx'), loadDeferredTexts('landing')]).then(([m]) => ({
    default: m.LandingSections,
  })),
);

export function LandingPage() {
  const { t } = useTranslation();
  const { shows } = useConfig();
  const [params] = useSearchParams();
  // Shows drop off the list at their end time (LAND-23); a minute's precision is enough for that.
  const now = useNow(30_000);
  const listed = listedShows(shows, new Date(now));
  const current = currentShow(shows, new Date(now));
  const selected = listed.find((s) => s.slug === params.get('show')) ?? current;
  // A live-ingest show's status follows its host (Go live, End show) as it happens.
  const statusOf = useShowStates(listed);

  return (
    <div className="landing" data-testid="landing-page">
      <Hero stage={selected ? statusOf(selected, now) : 'upcoming'} />
      <div className="container landing__lift">
        {selected ? (
          <ShowTicketing
            key={selected.slug}
            show={selected}
            next={selected === current}
            statusOf={statusOf}
          />
        ) : (
          <section className="show-card show-card--empty" data-testid="no-shows">
            <h2 className="show-card__title">{t('no-shows-title')}</h2>
            <p className="show-card__empty-body">{t('no-shows-body')}</p>
          </section>
        )}
      </div>
      <AnnouncementBanner />
      <Suspense fallback={null}>
        <LandingSections others={listed.filter((s) => s !== selected)} now={now} statusOf={statusOf} />
      </Suspense>
    </div>
  );
}
