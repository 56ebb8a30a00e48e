import { TALLY_TIMINGS_MS } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useCheerStore } from './cheer-store.ts';
import { isLit, retarget, settled, tallyValue } from './tally-tween.ts';
import './cheer.css';
import { formatCount } from '../../lib/format/format-count.ts';

interface GlobalTallyProps {
  /** The top navigation's slot the tally renders into. */
  slotId: string;
  /** The fan wall is on screen. */
  fanwall: boolean;
  /** Toggles fan wall and multiview (MV-24); absent when the show has no fan-wall stream. */
  onToggle?: (() => void) | undefined;
}

/**
 * The global light-stick tally of the top navigation (CHR-20, desktop only: the viewer page decides),
 * counting up with the constants of CHR-21. With a fan-wall stream it is a button that toggles fan
 * wall and multiview (MV-24).
 */
export function GlobalTally({ slotId, fanwall, onToggle }: GlobalTallyProps) {
  const { t, i18n } = useTranslation();
  const target = useCheerStore((s) => s.global);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const anim = useRef(settled(target));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => setSlot(document.getElementById(slotId)), [slotId]);
  // Each new count starts a run-up, redrawn every 250 ms until it has landed and its highlight ended.
  useEffect(() => {
    const started = Date.now();
    anim.current = retarget(anim.current, target, started);
    setNow(started);
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (tallyValue(anim.current, at) === anim.current.to && !isLit(anim.current, at)) {
        window.clearInterval(timer);
      }
    }, TALLY_TIMINGS_MS.update);
    return () => window.clearInterval(timer);
  }, [target]);

  if (!slot) return null;
  const shown = formatCount(tallyValue(anim.current, now), i18n.language);
  const lit = isLit(anim.current, now);
  const content = (
    <>
      {/* A light stick (a glowing head on a grip), not a bar and a dot that read as "!" (issue 14). */}
      <svg
        className="global-tally__icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      >
        <circle cx="12" cy="7" r="4.2" fill="currentColor" fillOpacity="0.35" />
        <path d="M12 11.2V21M10 15h4M4.5 4.5 3 3M19.5 4.5 21 3M3.5 9H2M20.5 9H22" />
      </svg>
      <span className="global-tally__count" data-testid="global-tally-count">
        {shown}
      </span>{' '}
      <span className="global-tally__unit">{t('tally-unit')}</span>
    </>
  );
  return createPortal(
    onToggle ? (
      <button
        type="button"
        className={`global-tally global-tally--button${lit ? ' is-lit' : ''}`}
        onClick={onToggle}
        aria-pressed={fanwall}
        title={fanwall ? t('tally-to-multiview') : t('tally-to-fanwall')}
        // The name starts with what is shown ("12 light sticks"), then says what a press does (axe
        // label-content-name-mismatch, issue 14).
        aria-label={`${shown} ${t('tally-unit')} · ${fanwall ? t('tally-to-multiview') : t('tally-to-fanwall')}`}
        data-testid="global-tally"
        data-total={target}
      >
        {content}
      </button>
    ) : (
      <span
        className={`global-tally${lit ? ' is-lit' : ''}`}
        role="img"
        aria-label={t('tally-label', { count: target })}
        title={t('tally-label', { count: target })}
        data-testid="global-tally"
        data-total={target}
      >
        {content}
      </span>
    ),
    slot,
  );
}
