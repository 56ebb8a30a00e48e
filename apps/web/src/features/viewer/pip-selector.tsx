import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MULTIVIEW } from '../player/index.ts';

/** The slot the top navigation keeps for the viewer's pip selector (app/top-nav.tsx). */
export const NAV_SLOT_ID = 'nav-viewer-slot';

interface PipSelectorProps {
  pips: { id: number; label: string }[];
  selected: number;
  /** Pips can be chosen now (multiview mode, pipDelay passed). */
  enabled: boolean;
  currentLabel: string;
  onChoose: (pip: number) => void;
}

/**
 * The pip selector dropdown of the top navigation (MV-23): the angles, closing 100 ms after a choice
 * so that the fan sees the choice land. Rendered into the navigation's slot while the viewer is open.
 */
export function PipSelector({ pips, selected, enabled, currentLabel, onChoose }: PipSelectorProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const closeTimer = useRef(0);

  useEffect(() => {
    setSlot(document.getElementById(NAV_SLOT_ID));
    return () => window.clearTimeout(closeTimer.current);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!slot || pips.length === 0) return null;
  return createPortal(
    <div className="pip-select" ref={ref} data-testid="pip-selector">
      <button
        type="button"
        className="pip-select__button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={!enabled}
        onClick={() => setOpen((o) => !o)}
        data-testid="pip-selector-button"
      >
        <span className="pip-select__eyebrow">{t('viewer-camera')}</span>
        <span className="pip-select__current">{currentLabel}</span>
        <span className="pip-select__caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="pip-select__menu" role="menu" data-testid="pip-selector-menu">
          {pips.map((p) => (
            <button
              key={p.id}
              type="button"
              role="menuitemradio"
              aria-checked={p.id === selected}
              className="pip-select__item"
              data-pip={p.id}
              onClick={() => {
                onChoose(p.id);
                window.clearTimeout(closeTimer.current);
                closeTimer.current = window.setTimeout(() => setOpen(false), MULTIVIEW.dropdownCloseMs);
              }}
            >
              {p.label}
            </button>
          ))}
        </div>
      )}
    </div>,
    slot,
  );
}
