import { AnnouncementBanner } from './components/announcement-banner.tsx';
import { Hero } from './components/hero.tsx';
import { LivestreamAccess } from './components/livestream-access.tsx';
import './landing.css';

export function LandingPage() {
  return (
    <div className="landing" data-testid="landing-page">
      <Hero />
      <AnnouncementBanner />
      <LivestreamAccess />
    </div>
  );
}
