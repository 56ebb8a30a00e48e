import type { MultiviewBox } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MULTIVIEW } from '../player/index.ts';

interface MultiviewOverlayProps {
  boxes: MultiviewBox[];
  /** The pip shown before the overview opened: highlighted. */
  selected: number;
  onChoose: (pip: number) => void;
  onClose: () => void;
}

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

/**
 * The pip grid over the mosaic (viewing section 2): MULTIVIEW with a close button, and one box per
 * angle placed on the 1920x1080 reference frame, shown 400 ms after opening so that they land on the
 * mosaic picture rather than on the previous angle.
 */
export function MultiviewOverlay({ boxes, selected, onChoose, onClose }: MultiviewOverlayProps) {
  const { t } = useTranslation();
  const [showBoxes, setShowBoxes] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setShowBoxes(true), MULTIVIEW.boxesDelayMs);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  return (
    <div className="mv-overlay" data-testid="multiview-overlay" role="dialog" aria-labelledby="mv-title">
      <div className="mv-overlay__head">
        <h2 className="mv-overlay__title" id="mv-title">
          {t('viewer-multiview-heading')}
        </h2>
        <button
          type="button"
          className="mv-overlay__close"
          onClick={onClose}
          aria-label={t('viewer-close')}
          data-testid="multiview-close"
        >
          ×
        </button>
      </div>
      {showBoxes && (
        <div className="mv-overlay__frame" data-testid="multiview-boxes">
          {boxes.map((box) => (
            <button
              key={box.id}
              type="button"
              className={`mv-box${box.id === selected ? ' is-selected' : ''}`}
              style={{
                left: pct(box.x, MULTIVIEW.frameWidth),
                top: pct(box.y, MULTIVIEW.frameHeight),
                width: pct(box.width, MULTIVIEW.frameWidth),
                height: pct(box.height, MULTIVIEW.frameHeight),
              }}
              aria-pressed={box.id === selected}
              aria-label={box.label || t('viewer-angle', { id: box.id })}
              data-testid="multiview-box"
              data-pip={box.id}
              onClick={() => onChoose(box.id)}
            >
              {box.label && <span className="mv-box__label">{box.label}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
