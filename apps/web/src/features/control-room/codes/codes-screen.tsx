import { CODE_STATES, CODES_PER_PAGE, type CodeImportError, type TicketCodeEntry } from '@encore/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { showToast } from '../../../lib/store/toast-store.ts';
import {
  downloadCodes,
  hostKeys,
  importCodes,
  listCodes,
  revokeCode,
  revokeTicket,
} from '../api/host-api.ts';
import { formatWhen } from '../format.ts';
import { HostTable } from '../host-table.tsx';
import { useShow } from '../show-shell.tsx';

const stateKey = {
  all: 'host-codes-state-all',
  redeemed: 'host-codes-state-redeemed',
  open: 'host-codes-state-open',
  revoked: 'host-codes-state-revoked',
} as const satisfies Record<(typeof CODE_STATES)[number], string>;

/** Codes: import a CSV (every bad line listed), search and page, revoke a code or a ticket, export. */
export function CodesScreen() {
  const { t, i18n } = useTranslation();
  const show = useShow();
  const queries = useQueryClient();
  const [filter, setFilter] = useState({ q: '', vendor: '', state: 'all' as (typeof CODE_STATES)[number] });
  const [page, setPage] = useState(1);
  const [lineErrors, setLineErrors] = useState<CodeImportError[]>([]);
  const [importing, setImporting] = useState(false);
  const [username, setUsername] = useState('');
  const query = new URLSearchParams({
    state: filter.state,
    page: String(page),
    per_page: String(CODES_PER_PAGE),
  });
  if (filter.q) query.set('q', filter.q);
  if (filter.vendor) query.set('vendor', filter.vendor);
  const codes = useQuery({
    queryKey: hostKeys.codes(show.slug, query.toString()),
    queryFn: () => listCodes(show.slug, query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['host', 'codes', show.slug] });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    setLineErrors([]);
    try {
      const result = await importCodes(show.slug, file);
      if (result.errors && result.errors.length > 0) {
        setLineErrors(result.errors);
        showToast({ kind: 'error', messageKey: 'host-import-failed' });
      } else {
        showToast({ kind: 'success', messageKey: 'host-import-done' });
        await refresh();
      }
    } catch {
      showToast({ kind: 'error', messageKey: 'host-import-error' });
    } finally {
      setImporting(false);
    }
  };
  const revoke = async (code: string) => {
    if (!window.confirm(t('host-revoke-confirm', { code }))) return;
    try {
      await revokeCode(show.slug, code);
      showToast({ kind: 'success', messageKey: 'host-revoked' });
      await refresh();
    } catch {
      showToast({ kind: 'error', messageKey: 'host-revoke-error' });
    }
  };
  const revokeFan = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !window.confirm(t('host-revoke-ticket-confirm', { username }))) return;
    try {
      await revokeTicket(show.slug, username.trim());
      showToast({ kind: 'success', messageKey: 'host-revoked' });
      setUsername('');
      await refresh();
    } catch {
      showToast({ kind: 'error', messageKey: 'host-revoke-ticket-error' });
    }
  };
  const pages = codes.data ? Math.max(1, Math.ceil(codes.data.total / codes.data.per_page)) : 1;

  return (
    <section className="host-screen codes" aria-labelledby="host-codes-title" data-testid="host-codes">
      <h2 id="host-codes-title" className="visually-hidden">
        {t('host-tab-codes')}
      </h2>
      <div className="codes__tools">
        <div className="host-panel codes__import">
          <h3>{t('host-import-title')}</h3>
          <p className="host-muted">{t('host-import-help')}</p>
          <label className="btn btn--primary btn--sm" htmlFor="codes-csv">
            {importing ? t('loading') : t('host-import-choose')}
          </label>
          <input
            id="codes-csv"
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="codes-csv"
          />
          {lineErrors.length > 0 && (
            <ul className="codes__errors" data-testid="codes-import-errors">
              {lineErrors.map((l) => (
                <li key={`${l.line}-${l.message}`}>
                  {t('host-import-line', { line: l.line, message: l.message })}
                </li>
              ))}
            </ul>
          )}
        </div>
        <form className="host-panel codes__revoke" onSubmit={revokeFan}>
          <h3>{t('host-revoke-ticket-title')}</h3>
          <Field
            label={t('host-target-username')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <Button type="submit" variant="secondary" size="sm">
            {t('host-revoke-ticket')}
          </Button>
        </form>
      </div>

      <div className="host-panel">
        <form
          className="codes__filters"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
          }}
        >
          <Field
            label={t('host-codes-search')}
            value={filter.q}
            onChange={(e) => {
              setFilter({ ...filter, q: e.target.value });
              setPage(1);
            }}
            data-testid="codes-search"
          />
          <SelectField
            label={t('host-codes-vendor')}
            value={filter.vendor}
            onChange={(e) => {
              setFilter({ ...filter, vendor: e.target.value });
              setPage(1);
            }}
            options={[
              { value: '', label: t('host-codes-any-vendor') },
              ...(codes.data?.vendors ?? []).map((v) => ({ value: v, label: v })),
            ]}
          />
          <SelectField
            label={t('host-codes-state')}
            value={filter.state}
            onChange={(e) => {
              setFilter({ ...filter, state: e.target.value as (typeof CODE_STATES)[number] });
              setPage(1);
            }}
            options={CODE_STATES.map((s) => ({ value: s, label: t(stateKey[s]) }))}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              void downloadCodes(show.slug, query).catch(() =>
                showToast({ kind: 'error', messageKey: 'host-export-error' }),
              )
            }
            data-testid="codes-export"
          >
            {t('host-codes-export')}
          </Button>
        </form>
        <p className="host-muted" data-testid="codes-total">
          {t('host-codes-total', { count: codes.data?.total ?? 0 })}
        </p>
        <HostTable<TicketCodeEntry>
          testId="codes-table"
          label={t('host-tab-codes')}
          dense
          rows={codes.data?.results ?? []}
          rowKey={(c) => c.code}
          columns={[
            { key: 'code', header: t('host-codes-code'), className: 'host-mono', cell: (c) => c.code },
            { key: 'email', header: t('host-codes-email'), cell: (c) => c.email },
            { key: 'vendor', header: t('host-codes-vendor'), cell: (c) => c.vendor },
            {
              key: 'view',
              header: t('host-codes-view'),
              cell: (c) => (
                <>
                  {c.attributes.type ?? ''} {c.attributes.mview ? `×${c.attributes.mview}` : ''}{' '}
                  {c.attributes['4K'] ? '4K' : ''}
                </>
              ),
            },
            {
              key: 'state',
              header: t('host-codes-state'),
              cell: (c) =>
                c.revoked_at
                  ? t('host-codes-revoked-at', { when: formatWhen(c.revoked_at, i18n.language) })
                  : c.redeemed_by
                    ? t('host-codes-redeemed-by', { username: c.redeemed_by })
                    : t('host-codes-state-open'),
            },
            {
              key: 'actions',
              header: t('host-col-actions'),
              hideHeader: true,
              className: 'host-table__actions',
              cell: (c) =>
                !c.revoked_at && (
                  <Button variant="ghost" size="sm" onClick={() => void revoke(c.code)}>
                    {t('host-revoke')}
                  </Button>
                ),
            },
          ]}
        />
        <nav className="codes__pager" aria-label={t('host-codes-pages')}>
          <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('host-prev')}
          </Button>
          <span className="host-num">{t('host-page-of', { page, pages })}</span>
          <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('host-next')}
          </Button>
        </nav>
      </div>
    </section>
  );
}
