import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShowMode } from './show-modes.ts';

interface ViewerBarProps {
  mode: ShowMode;
  currentLabel: string;
  canMultiview: boolean;
  canUhd: boolean;
  canFanwall: boolean;
  pipsEnabled: boolean;
  onMultiview: () => void;
  onUhd: () => void;
  onFanwall: () => void;
  /** The countdown to the show's start, before it (issue 26). */
  countdown?: ReactNode;
  /** The 4K inline notice, shown in 4K mode until dismissed. */
  notice?: ReactNode;
  /** What the event page adds: title, devices, leave (desktop bottom area). */
  info?: ReactNode;
}

/**
 * Under the video: the current-stream label and the view buttons (MV-21, MV-22). On desktop it is the
 * bottom area with the show's details; on phones and tablets a compact strip above the chat.
 */
export function ViewerBar(p: ViewerBarProps) {
  const { t } = useTranslation();
  return (
    <section className="viewer-bar" data-testid="viewer-bar" aria-label={t('viewer-views')}>
      <div className="viewer-bar__row">
        <p className="viewer-bar__now" data-testid="current-stream">
          <span className="viewer-bar__eyebrow">{t('viewer-now-playing')}</span>
          <span className="viewer-bar__label">{p.currentLabel}</span>
        </p>
        {p.countdown}
        <div className="viewer-bar__views">
          {/* Issue 26: the button says what it does. In 4K or the fan wall it goes back to the HD
              cameras ("HD"); in HD it opens the multiview grid of all cameras (the overlay's heading). */}
          {p.canMultiview && (
            <button
              type="button"
              className={`view-btn${p.mode === 'multiview' ? ' is-active' : ''}`}
              onClick={p.onMultiview}
              disabled={p.mode === 'multiview' && !p.pipsEnabled}
              title={p.mode === 'multiview' ? t('viewer-multiview-hint') : t('viewer-hd-hint')}
              data-testid="multiview-button"
              data-action={p.mode === 'multiview' ? 'grid' : 'hd'}
            >
              {p.mode === 'multiview' ? t('viewer-multiview') : t('viewer-hd')}
            </button>
          )}
          {p.canUhd && (
            <button
              type="button"
              className={`view-btn view-btn--uhd${p.mode === 'uhd' ? ' is-active' : ''}`}
              onClick={p.onUhd}
              aria-pressed={p.mode === 'uhd'}
              data-testid="uhd-button"
            >
              4K
            </button>
          )}
          {p.canFanwall && (
            <button
              type="button"
              className={`view-btn${p.mode === 'fanwall' ? ' is-active' : ''}`}
              onClick={p.onFanwall}
              aria-pressed={p.mode === 'fanwall'}
              data-testid="fanwall-button"
            >
              {t('viewer-fanwall')}
            </button>
          )}
        </div>
      </div>
      {p.notice}
      {p.info && (
        <div className="viewer-bar__info" data-testid="viewer-bar-info">
          {p.info}
        </div>
      )}
    </section>
  );
}
