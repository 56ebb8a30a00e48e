import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { menuKeyTarget } from '../menu-keys.ts';
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
  /** The control bar's button that opened the menu: focus goes back to it on a choice or Escape. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** Phones take the whole screen for the list (CAPQ-07); desktop pops it above the bar. */
  sheet: boolean;
  /** The bar has its scrubber row (on demand): the popover sits higher. */
  raised?: boolean;
  testId: string;
}

/**
 * The quality and caption menus of the control bar: the WAI-ARIA menu button pattern with
 * menuitemradio items (issue 26: arrow keys did nothing and a choice dropped focus to the page). The
 * chosen item takes focus on opening; Up/Down move (wrapping), Home/End jump; Enter or Space chooses;
 * Escape and Tab close. A choice or Escape returns focus to the menu's button.
 */
export function ChoiceMenu(props: ChoiceMenuProps) {
  const { title, choices, onChoose, onClose, anchor, sheet, testId } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const items = () =>
    Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? []);
  const closeToButton = () => {
    onClose();
    anchor.current?.focus();
  };

  // Focus goes to the chosen item once, on opening: the player re-renders every second, and a new
  // onClose each time must not pull focus back from where the arrow keys moved it.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only (see above)
  useEffect(() => {
    const list = items();
    (list.find((b) => b.getAttribute('aria-checked') === 'true') ?? list[0])?.focus();
  }, []);

  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      // A click on the menu's own button toggles it (the button's click handler); elsewhere closes.
      if (ref.current?.contains(target) || anchor.current?.contains(target)) return;
      if (!sheet) closeRef.current();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [sheet, anchor]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      closeToButton();
      return;
    }
    // Tab leaves a menu: it closes, and focus moves on from its button as if it had never opened.
    if (e.key === 'Tab' && !sheet) {
      e.preventDefault();
      closeToButton();
      return;
    }
    const list = items();
    const next = menuKeyTarget(e.key, list.indexOf(document.activeElement as HTMLButtonElement), list.length);
    if (next === null) return;
    e.preventDefault();
    list[next]?.focus();
  };

  // The phone sheet covers the screen: a modal dialog holding the menu; the desktop popover is the menu.
  const menu = (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys belong to the menu inside (the menu button pattern)
    <div
      ref={ref}
      className={`choice-menu${sheet ? ' choice-menu--sheet' : props.raised ? ' choice-menu--raised' : ''}`}
      {...(sheet ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } : {})}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      <div className="choice-menu__head">
        <span className="choice-menu__title" id={titleId}>
          {title}
        </span>
        {sheet && (
          <button
            type="button"
            className="player-btn"
            onClick={closeToButton}
            aria-label={t('player-close-menu')}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div role="menu" aria-labelledby={titleId} className="choice-menu__list" id={`${testId}-list`}>
        {choices.map((c) => (
          <button
            key={c.key}
            type="button"
            role="menuitemradio"
            aria-checked={c.selected}
            tabIndex={-1}
            className="choice-menu__item"
            data-value={c.key}
            onClick={() => {
              onChoose(c.key);
              closeToButton();
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

/**
 * The bar's button that opens or closes a choice menu: it names the menu it controls while that is
 * open, and is the anchor the menu places itself by.
 */
export function ChoiceMenuButton(p: {
  menu: 'quality' | 'captions';
  open: boolean;
  onToggle: () => void;
  anchor: RefObject<HTMLButtonElement | null>;
  className: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <button
      ref={p.anchor}
      type="button"
      className={p.className}
      onClick={p.onToggle}
      aria-label={p.label}
      aria-haspopup="menu"
      aria-expanded={p.open}
      aria-controls={p.open ? `${p.menu}-menu-list` : undefined}
      data-testid={`player-${p.menu}`}
    >
      {p.children}
    </button>
  );
}
