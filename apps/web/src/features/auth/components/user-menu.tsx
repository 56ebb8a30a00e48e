import type { AuthMode } from '@encore/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config/config-context.tsx';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';
import { preloadAuthModals } from './auth-modal-host.tsx';
import './user-menu.css';

interface Item {
  key: string;
  label: MessageKey;
  mode: AuthMode;
}

export function UserMenu({ username }: { username: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const items: Item[] = [
    { key: 'change-username', label: 'nav-change-username', mode: 'UPDATE_USER' },
    // Commerce entries exist only with the purchases feature (accounts section 2).
    ...(config.features.purchases
      ? ([
          { key: 'purchase-history', label: 'nav-purchase-history', mode: 'PURCHASE_HISTORY' },
          { key: 'payment-info', label: 'nav-payment-info', mode: 'ADD_PAYMENT' },
        ] satisfies Item[])
      : []),
  ];

  useEffect(() => {
    if (!open) return;
    const first = rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const entries = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
        const at = entries.indexOf(document.activeElement as HTMLElement);
        const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length;
        entries[next]?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (mode: AuthMode) => {
    setOpen(false);
    setAuthMode(mode);
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={preloadAuthModals}
        data-testid="user-menu-button"
      >
        {/* The initial is drawn by CSS: the button's name is its visible text, the username, then what it
            opens (axe label-content-name-mismatch, issue 14). */}
        <span
          className="user-menu__avatar"
          data-initial={username.slice(0, 1).toUpperCase()}
          aria-hidden="true"
        />
        <span className="user-menu__name" data-testid="user-menu-username">
          {username}
        </span>
        <span className="visually-hidden">{t('nav-account-menu')}</span>
        <svg className="user-menu__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className="user-menu__list" role="menu" id={menuId} data-testid="user-menu">
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className="user-menu__item"
              onClick={() => choose(item.mode)}
              data-testid={`user-menu-${item.key}`}
            >
              {t(item.label)}
            </button>
          ))}
          <hr className="user-menu__divider" />
          <button
            type="button"
            role="menuitem"
            className="user-menu__item user-menu__item--danger"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
            data-testid="user-menu-sign-out"
          >
            {t('nav-sign-out')}
          </button>
        </div>
      )}
    </div>
  );
}
