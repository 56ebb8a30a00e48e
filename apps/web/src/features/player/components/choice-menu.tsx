import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

export interface Choice {
  key: string;
  label: string;
  selected: boolean;
}

interface ChoiceMenuProps {
  title: string;
  choices: Choice[];
  onChoose: (key: string) => void;
  onClose: () => void;
  /** Phones take the whole screen for the list (CAPQ-07); desktop pops it above the bar. */
  sheet: boolean;
  testId: string;
}

/** The quality and caption menus of the control bar. */
export function ChoiceMenu({ title, choices, onChoose, onClose, sheet, testId }: ChoiceMenuProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    const onDown = (e: PointerEvent) => {
      if (!sheet && ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown, true);
    };
  }, [onClose, sheet]);

  const menu = (
    <div
      ref={ref}
      className={`choice-menu${sheet ? ' choice-menu--sheet' : ''}`}
      role="dialog"
      aria-label={title}
      data-testid={testId}
    >
      <div className="choice-menu__head">
        <span className="choice-menu__title">{title}</span>
        {sheet && (
          <button type="button" className="player-btn" onClick={onClose} aria-label={t('player-close-menu')}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div role="menu" className="choice-menu__list">
        {choices.map((c) => (
          <button
            key={c.key}
            type="button"
            role="menuitemradio"
            aria-checked={c.selected}
            className="choice-menu__item"
            data-value={c.key}
            onClick={() => {
              onChoose(c.key);
              onClose();
            }}
          >
            {c.label}
          </button>
        ))}
      </div>
    </div>
  );
  // The phone sheet covers the whole screen: out of the player's stacking context (the page header
  // and the unmute button would sit on top of it), into the full-screen element when there is one.
  return sheet ? createPortal(menu, document.fullscreenElement ?? document.body) : menu;
}
