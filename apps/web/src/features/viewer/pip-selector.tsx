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
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef(0);
  // Opened from the keyboard: focus goes into the menu (WAI-ARIA menu button, issue 14).
  const [focusOnOpen, setFocusOnOpen] = useState<'selected' | 'first' | 'last' | null>(null);

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
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const target =
      focusOnOpen === 'first'
        ? items[0]
        : focusOnOpen === 'last'
          ? items.at(-1)
          : (items.find((el) => el.getAttribute('aria-checked') === 'true') ?? items[0]);
    target?.focus();
    setFocusOnOpen(null);
  }, [open, focusOnOpen]);

  /** The arrows, Home and End move through the angles; Tab leaves and closes the menu. */
  const onMenuKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const to =
      e.key === 'ArrowDown'
        ? (i + 1) % items.length
        : e.key === 'ArrowUp'
          ? (i - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : null;
    if (to !== null) {
      e.preventDefault();
      items[to]?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  };

  if (!slot || pips.length === 0) return null;
  return createPortal(
    <div className="pip-select" ref={ref} data-testid="pip-selector">
      <button
        type="button"
        className="pip-select__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'pip-selector-menu' : undefined}
        disabled={!enabled}
        ref={buttonRef}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            setFocusOnOpen(e.key === 'ArrowDown' ? 'selected' : 'last');
          } else if ((e.key === 'Enter' || e.key === ' ') && !open) {
            e.preventDefault();
            setOpen(true);
            setFocusOnOpen('selected');
          }
        }}
        data-testid="pip-selector-button"
      >
        <span className="pip-select__eyebrow">{t('viewer-camera')}</span>
        <span className="pip-select__current">{currentLabel}</span>
        <span className="pip-select__caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          className="pip-select__menu"
          role="menu"
          id="pip-selector-menu"
          aria-label={t('viewer-camera')}
          data-testid="pip-selector-menu"
          onKeyDown={onMenuKey}
        >
          {pips.map((p) => (
            <button
              key={p.id}
              type="button"
              role="menuitemradio"
              aria-checked={p.id === selected}
              tabIndex={-1}
              className="pip-select__item"
              data-pip={p.id}
              onClick={() => {
                onChoose(p.id);
                window.clearTimeout(closeTimer.current);
                closeTimer.current = window.setTimeout(() => {
                  setOpen(false);
                  // Focus goes back to the menu button, not to the page body (issue 14).
                  buttonRef.current?.focus();
                }, MULTIVIEW.dropdownCloseMs);
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
