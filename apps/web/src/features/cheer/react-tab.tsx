import { type EventConfig, httpsImage } from '@encore/contract';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addParticle, liveParticles, PARTICLE_LIFETIME_MS, type Particle } from './cheer-particles.ts';
import './cheer.css';

/**
 * The react tab (LAY-07, viewing section 2): the cheer button with its particle effect (CHR-01,
 * CHR-19) and the fan's cheers of this visit. Sending the count to the wall and the global totals
 * (CHR-08, CHR-12, CHR-14) are not built yet: the count stays on this page.
 */
export function ReactTab({ cheer }: { cheer: EventConfig['cheer'] }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const [particles, setParticles] = useState<Particle[]>([]);
  const nextId = useRef(0);
  const sprites = cheer.sprites.map((s) => httpsImage(s) ?? s);

  // Expired particles leave the DOM once the last one has run its course.
  useEffect(() => {
    if (particles.length === 0) return;
    const timer = window.setTimeout(
      () => setParticles((list) => liveParticles(list, Date.now())),
      PARTICLE_LIFETIME_MS,
    );
    return () => window.clearTimeout(timer);
  }, [particles]);

  const onCheer = () => {
    setCount((n) => n + 1);
    nextId.current += 1;
    const id = nextId.current;
    setParticles((list) =>
      addParticle(list, { id, now: Date.now(), spriteCount: sprites.length, random: Math.random }),
    );
  };

  return (
    <div className="react-tab" data-testid="react-tab">
      <p className="react-tab__lead">{t('react-lead')}</p>
      <div className="react-tab__stage">
        <div className="react-tab__particles" aria-hidden="true">
          {particles.map((p) => (
            <img
              key={p.id}
              className="react-tab__particle"
              src={sprites[p.sprite] ?? ''}
              alt=""
              width={36}
              height={36}
              data-testid="cheer-particle"
              style={{ '--drift': `${p.drift}px` } as CSSProperties}
            />
          ))}
        </div>
        <button type="button" className="react-tab__button" onClick={onCheer} data-testid="cheer-button">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 21.4l-1.5-1.3C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.5 11.6z"
            />
          </svg>
          <span>{t('react-cheer')}</span>
        </button>
      </div>
      <p className="react-tab__count" data-testid="cheer-count" aria-live="polite">
        {t('react-count', { count })}
      </p>
    </div>
  );
}
