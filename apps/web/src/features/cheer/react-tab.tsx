import { type EventConfig, httpsImage } from '@encore/contract';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addParticle, liveParticles, PARTICLE_LIFETIME_MS, type Particle } from './cheer-particles.ts';
import { useCheerStore } from './cheer-store.ts';
import './cheer.css';
import { formatCount } from '../../lib/format/format-count.ts';

/**
 * The react tab (LAY-07, viewing section 2): the cheer button with its particle effect (CHR-01,
 * CHR-19) and the running totals (CHR-02): this fan's, the taps not sent yet (the chat column sends
 * them every 10 s), and everyone's. After the show (wall_metadata.post_show) cheering is closed.
 */
export function ReactTab({ cheer }: { cheer: EventConfig['cheer'] }) {
  const { t, i18n } = useTranslation();
  const counts = useCheerStore();
  const format = (n: number) => formatCount(n, i18n.language);
  const [particles, setParticles] = useState<Particle[]>([]);
  const nextId = useRef(0);
  const sprites = cheer.sprites.map((s) => httpsImage(s) ?? s);
  // The show's own art (CHR-18): the button's icon, another while it is pressed, the stage behind it.
  // Without one (or when it fails to load) the button keeps Encore's drawn heart.
  const [pressed, setPressed] = useState(false);
  const [iconFailed, setIconFailed] = useState(false);
  const icon = httpsImage(pressed && cheer.button_icon_active ? cheer.button_icon_active : cheer.button_icon);
  const background = httpsImage(cheer.background_image);

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
    if (counts.postShow) return;
    counts.tap();
    nextId.current += 1;
    const id = nextId.current;
    setParticles((list) =>
      addParticle(list, { id, now: Date.now(), spriteCount: sprites.length, random: Math.random }),
    );
  };

  return (
    <div className="react-tab" data-testid="react-tab">
      <p className="react-tab__lead">{t('react-lead')}</p>
      <div
        className="react-tab__stage"
        data-testid="cheer-stage"
        style={background ? { backgroundImage: `url("${encodeURI(background)}")` } : undefined}
      >
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
        <button
          type="button"
          className="react-tab__button"
          onClick={onCheer}
          onPointerDown={() => setPressed(true)}
          onPointerUp={() => setPressed(false)}
          onPointerLeave={() => setPressed(false)}
          onPointerCancel={() => setPressed(false)}
          disabled={counts.postShow}
          data-testid="cheer-button"
          data-pressed={pressed}
        >
          {icon && !iconFailed ? (
            <img
              className="react-tab__icon"
              src={icon}
              alt=""
              width={48}
              height={48}
              draggable={false}
              data-testid="cheer-button-icon"
              onError={() => setIconFailed(true)}
            />
          ) : (
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 21.4l-1.5-1.3C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.5 11.6z"
              />
            </svg>
          )}
          <span>{t('react-cheer')}</span>
        </button>
      </div>
      {counts.postShow && (
        <p className="react-tab__closed" role="status" data-testid="cheer-post-show">
          {t('react-post-show')}
        </p>
      )}
      {/* The taps not yet sent are the client's bookkeeping, not a fan's figure (issue 14): tests read
          them from data-unsent. */}
      <dl className="react-tab__totals" data-testid="cheer-totals" data-unsent={counts.session}>
        <div className="react-tab__total react-tab__total--global">
          <dt>{t('react-global')}</dt>
          <dd data-testid="cheer-global">{format(counts.global)}</dd>
        </div>
        <div className="react-tab__total">
          <dt>{t('react-personal')}</dt>
          <dd data-testid="cheer-count" aria-live="polite">
            {format(counts.personal)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
