import { AUDIT_ACTIONS, type AuditAction } from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { fetchAudit, moderationKeys } from './api/moderation-api.ts';
import { formatDateTime } from './moderation-time.ts';
import './moderation.css';

const isKnown = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/**
 * Every host and moderator action of the show (who, what, target, when), newest first, 25 a page.
 * Refreshed every 10 s on the first page, so that another moderator's action shows up here too.
 */
export function AuditLogPanel({ slug }: { slug: string }) {
  const { t } = useTranslation();
  // The cursors of the pages seen so far: the last is the page on screen (null: the newest).
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const before = cursors.at(-1) ?? null;
  const page = useQuery({
    queryKey: moderationKeys.audit(slug, before),
    queryFn: () => fetchAudit(slug, before),
    refetchInterval: before === null ? 10_000 : false,
    staleTime: 0,
  });
  const entries = page.data?.entries ?? [];
  const next = page.data?.next_before ?? null;

  return (
    <section className="mod-card mod-card--audit" aria-labelledby="audit-title" data-testid="audit-log">
      <header className="mod-card__head">
        <h2 id="audit-title">{t('audit-title')}</h2>
        <div className="mod-inline mod-inline--end">
          {cursors.length > 1 && (
            <Button size="sm" variant="ghost" onClick={() => setCursors([null])} data-testid="audit-newest">
              {t('audit-newest')}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            disabled={!next}
            onClick={() => next && setCursors((c) => [...c, next])}
            data-testid="audit-older"
          >
            {t('audit-older')}
          </Button>
        </div>
      </header>
      {entries.length === 0 ? (
        <p className="mod-empty">{t('audit-empty')}</p>
      ) : (
        // A phone shows each entry as a card (moderation.css): nothing scrolls sideways.
        <div className="mod-table-wrap">
          <table className="mod-table">
            <thead>
              <tr>
                <th scope="col">{t('audit-when')}</th>
                <th scope="col">{t('audit-who')}</th>
                <th scope="col">{t('audit-action')}</th>
                <th scope="col">{t('audit-target')}</th>
                <th scope="col">{t('audit-detail')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-testid="audit-row" data-action={e.action}>
                  <td data-label={t('audit-when')}>
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td data-label={t('audit-who')}>
                    <span>
                      {e.actor} <span className="mod-role">{t(`audit-role-${e.actor_role}`)}</span>
                    </span>
                  </td>
                  <td data-label={t('audit-action')}>
                    {isKnown(e.action) ? t(`audit-action-${e.action}` as MessageKey) : e.action}
                  </td>
                  <td data-label={t('audit-target')}>
                    {e.target ?? (e.action.startsWith('alert.') ? t('audit-everyone') : '—')}
                  </td>
                  <td data-label={t('audit-detail')} className="mod-table__detail">
                    {e.detail}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
