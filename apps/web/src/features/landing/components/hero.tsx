import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useConfig } from '../../../lib/config/config-context.tsx';
import { useIsLoggedIn, useSessionStore } from '../../../lib/store/session-store.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import './hero.css';

/**
 * The landing's hero. While the show on the page is open or live (issue 14) it leads with that, short,
 * so a ticket holder's Enter button on the show card sits in the first screen of a phone.
 */
export function Hero({ stage = 'upcoming' }: { stage?: 'upcoming' | 'open' | 'live' | 'ended' }) {
  const { t } = useTranslation();
  const { landing } = useConfig();
  const loggedIn = useIsLoggedIn();
  const username = useSessionStore((s) => s.user?.username);
  const setAuthMode = useUiStore((s) => s.setAuthMode);

  return (
    <section
      className={stage === 'open' || stage === 'live' ? 'hero hero--now' : 'hero'}
      data-testid="hero"
      data-stage={stage}
      aria-labelledby="hero-title"
    >
      <picture className="hero__art">
        {landing.header_image_mobile && (
          <source media="(max-width: 640px)" srcSet={landing.header_image_mobile} />
        )}
        {landing.header_image && (
          <img src={landing.header_image} alt="" fetchPriority="high" decoding="async" />
        )}
      </picture>
      <div className="hero__beams" aria-hidden="true">
        <span className="hero__beam hero__beam--1" />
        <span className="hero__beam hero__beam--2" />
        <span className="hero__beam hero__beam--3" />
      </div>
      <div className="hero__shade" aria-hidden="true" />

      <div className="hero__content container">
        <p className="hero__eyebrow">
          <span className="live-dot" aria-hidden="true" />
          {stage === 'live'
            ? t('show-status-live')
            : stage === 'open'
              ? t('show-status-open')
              : t('hero-eyebrow')}
        </p>
        <h1 className="hero__title" id="hero-title">
          {t('hero-title')}
        </h1>
        {loggedIn ? (
          <div className="hero__welcome" data-testid="hero-welcome">
            <p className="hero__subtitle">{t('hero-welcome', { username: username ?? '' })}</p>
            <p className="hero__note">
              {t(
                stage === 'live'
                  ? 'hero-welcome-live'
                  : stage === 'open'
                    ? 'hero-welcome-open'
                    : 'hero-welcome-sub',
              )}
            </p>
          </div>
        ) : (
          <>
            <p className="hero__subtitle">{t('hero-subtitle')}</p>
            <div className="hero__actions">
              <Button size="lg" onClick={() => setAuthMode('REGISTER')} data-testid="hero-sign-up">
                {t('hero-cta-sign-up')}
              </Button>
              <Button
                size="lg"
                variant="secondary"
                onClick={() => setAuthMode('LOGIN')}
                data-testid="hero-sign-in"
              >
                {t('hero-cta-sign-in')}
              </Button>
            </div>
          </>
        )}
        <ul className="hero__features">
          <li>
            <FeatureIcon kind="multiview" />
            {t('hero-feature-multiview')}
          </li>
          <li>
            <FeatureIcon kind="4k" />
            {t('hero-feature-4k')}
          </li>
          <li>
            <FeatureIcon kind="chat" />
            {t('hero-feature-chat')}
          </li>
        </ul>
      </div>
    </section>
  );
}

function FeatureIcon({ kind }: { kind: 'multiview' | '4k' | 'chat' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      {kind === 'multiview' && (
        <>
          <rect x="3" y="4" width="8" height="7" rx="1.5" />
          <rect x="13" y="4" width="8" height="7" rx="1.5" />
          <rect x="3" y="13" width="8" height="7" rx="1.5" />
          <rect x="13" y="13" width="8" height="7" rx="1.5" />
        </>
      )}
      {kind === '4k' && (
        <>
          <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
          <path d="M7 9v3.5h3M10 9v6M13.5 9v6M17 9l-3.5 3 3.5 3" />
        </>
      )}
      {kind === 'chat' && (
        <>
          <path d="M4 5h16v10H9l-5 4z" strokeLinejoin="round" />
          <path d="M8 9.5h8M8 12h5" />
        </>
      )}
    </svg>
  );
}
