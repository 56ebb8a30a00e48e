import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../components/ui/line-icon.tsx';

/** A round help launcher with a small panel: write to support. */
export function HelpWidget({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="help" data-testid="help-widget">
      {open && (
        <section
          className="help__panel"
          id={panelId}
          aria-labelledby={`${panelId}-title`}
          data-testid="help-panel"
        >
          <h2 className="help__title" id={`${panelId}-title`}>
            {t('help-title')}
          </h2>
          <p className="help__body">{t('help-body')}</p>
          <a
            className="btn btn--primary btn--sm btn--block"
            href={`mailto:${email}`}
            data-testid="help-email"
          >
            <span className="btn__label">{t('help-email', { email })}</span>
          </a>
        </section>
      )}
      <button
        type="button"
        className="help__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? t('modal-close') : t('help-open')}
        onClick={() => setOpen((o) => !o)}
        data-testid="help-button"
      >
        <LineIcon strokeWidth={2}>
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          ) : (
            <>
              <path d="M9.2 9a2.9 2.9 0 1 1 4 2.7c-.8.4-1.2 1-1.2 1.8v.5" strokeLinecap="round" />
              <path d="M12 17.2v.3" strokeLinecap="round" strokeWidth="2.6" />
            </>
          )}
        </LineIcon>
      </button>
    </div>
  );
}
