import type { MultiviewBox } from '@encore/contract';
import { useEffect, useRef, useState } from 'react';
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
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

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

  // A modal dialog (issue 14): it takes focus when it opens (the close button, then the highlighted
  // angle once the boxes are there) and gives it back to what opened it when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  useEffect(() => {
    if (!showBoxes) return;
    dialogRef.current?.querySelector<HTMLElement>('.mv-box.is-selected, .mv-box')?.focus();
  }, [showBoxes]);

  /** Tab stays inside the dialog; the arrows move between the angles. */
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const items = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Tab' && items.length > 0) {
      e.preventDefault();
      const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i >= items.length - 1 ? 0 : i + 1;
      items[next]?.focus();
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const boxes = items.filter((el) => el.classList.contains('mv-box'));
    if (step && boxes.length > 0) {
      e.preventDefault();
      const j = boxes.indexOf(document.activeElement as HTMLElement);
      boxes[(j + step + boxes.length) % boxes.length]?.focus();
    }
  };

  return (
    <div
      className="mv-overlay"
      data-testid="multiview-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="mv-title"
      ref={dialogRef}
      onKeyDown={onKeyDown}
    >
      <div className="mv-overlay__head">
        <h2 className="mv-overlay__title" id="mv-title">
          {t('viewer-multiview-heading')}
        </h2>
        <button
          type="button"
          className="mv-overlay__close"
          ref={closeRef}
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
