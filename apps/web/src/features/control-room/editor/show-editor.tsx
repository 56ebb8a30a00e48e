import type { HostShow, Show } from '@encore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { createShow, freeShowIds, getShow, hostKeys, saveShow } from '../api/host-api.ts';
import { useShowIfAny } from '../show-shell.tsx';
import { LandingPreview } from './landing-preview.tsx';
import { ProblemSummary } from './problem-summary.tsx';
import { BasicsSection, ScheduleSection } from './sections-basics.tsx';
import { ExperienceSection } from './sections-experience.tsx';
import { LatencySection } from './sections-latency.tsx';
import { CaptionsSection, StreamsSection } from './sections-media.tsx';
import { ItemsSection, VendorsSection } from './sections-sales.tsx';
import { SongsSection } from './sections-songs.tsx';
import { blankShow, type Problems, validateShow } from './show-form.ts';

/** The fields a host edits: the show without what the server keeps (state, version). */
function editable(current: HostShow): Show {
  const { status: _s, doors_open_at: _d, version: _v, broadcast_state: _b, ...entity } = current;
  return entity;
}

export type SectionProps = {
  show: Show;
  update: (change: (draft: Show) => void) => void;
  problems: Problems;
  creating: boolean;
};

/**
 * Setup: create, edit and (re)schedule a show with every field the fan side reads, checked on the
 * page by the contract's rules before the server checks them again; a preview of the landing card.
 */
export function ShowEditor({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const current = useShowIfAny();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [show, setShow] = useState<Show>(() =>
    mode === 'edit' && current ? editable(current) : blankShow(),
  );
  // A save refused as stale (409 SHOW_STALE): nothing was saved; the host reloads the show.
  const [stale, setStale] = useState(false);
  // The version this form was read at: a save based on it is refused once the show moved on.
  const [version, setVersion] = useState(() => (mode === 'edit' ? current?.version : undefined));
  const [problems, setProblems] = useState<Problems>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const creating = mode === 'create';
  const form = useRef<HTMLFormElement>(null);
  // Set after a refused save: the first field with a problem gets the focus once it is drawn.
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick === 0) return;
    const first =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('.editor__summary-link');
    first?.focus();
  }, [focusTick]);

  // A new show's ids default past every show the host has (the demo's 1 was taken, issue 25).
  const ids = useQuery({
    queryKey: ['host', 'free-ids'],
    queryFn: freeShowIds,
    enabled: creating,
    staleTime: 0,
  });
  const defaulted = useRef(false);
  useEffect(() => {
    if (!creating || defaulted.current || !ids.data) return;
    defaulted.current = true;
    const free = ids.data;
    setShow((prev) => (prev.paid_event_id === 1 && prev.channel_id === 1 ? { ...prev, ...free } : prev));
  }, [creating, ids.data]);

  const update = (change: (draft: Show) => void) => {
    setShow((prev) => {
      const draft = structuredClone(prev);
      change(draft);
      if (touched) setProblems(validateShow(draft, (k) => t(k)));
      return draft;
    });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const found = validateShow(show, (k) => t(k));
    setProblems(found);
    if (Object.keys(found).length > 0) {
      showToast({ kind: 'error', messageKey: 'host-fix-fields' });
      setFocusTick((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      // A new show never replaces one; an edit carries the version it was read at (issue 25).
      const saved =
        creating || version === undefined ? await createShow(show) : await saveShow(show, version);
      setVersion(saved.version);
      await Promise.all([
        queries.invalidateQueries({ queryKey: hostKeys.shows }),
        queries.invalidateQueries({ queryKey: hostKeys.show(show.slug) }),
      ]);
      showToast({ kind: 'success', messageKey: 'host-saved' });
      if (creating) navigate(`/host/${show.slug}/codes`);
    } catch (err) {
      if (isApiError(err) && err.code === 'SHOW_STALE') {
        setStale(true);
        return;
      }
      if (isApiError(err) && err.field) {
        setProblems({ [err.field]: err.serverMessage ?? t('host-save-error') });
        setFocusTick((n) => n + 1);
      }
      showToast({
        kind: 'error',
        messageKey: isApiError(err) && err.status === 409 ? 'host-save-conflict' : 'host-save-error',
      });
    } finally {
      setBusy(false);
    }
  };

  /** The show as it is now on the server, in the form (the host's unsaved change is dropped). */
  const reload = async () => {
    const fresh = await queries.fetchQuery({
      queryKey: hostKeys.show(show.slug),
      queryFn: () => getShow(show.slug),
      staleTime: 0,
    });
    setShow(editable(fresh));
    setVersion(fresh.version);
    setProblems({});
    setStale(false);
  };

  const props: SectionProps = { show, update, problems, creating };
  const count = Object.keys(problems).length;
  return (
    <form ref={form} className="host-screen editor" onSubmit={save} noValidate data-testid="host-editor">
      {creating && (
        <header className="host-head">
          <div>
            <p className="host-eyebrow">{t('control-eyebrow')}</p>
            <h1 className="host-title">{t('host-new-show')}</h1>
          </div>
        </header>
      )}
      <div className="editor__layout">
        <div className="editor__sections">
          {stale && (
            <div className="editor__summary" role="alert" data-testid="editor-stale">
              <p>
                <strong>{t('host-stale-title')}</strong>
              </p>
              <p>{t('host-stale-body')}</p>
              <Button size="sm" variant="secondary" onClick={() => void reload()} data-testid="editor-reload">
                {t('host-stale-reload')}
              </Button>
            </div>
          )}
          <p className="host-muted">{t('host-required-note')}</p>
          {count > 0 && <ProblemSummary problems={problems} form={form} />}
          <BasicsSection {...props} />
          <ScheduleSection {...props} />
          <StreamsSection {...props} />
          <LatencySection {...props} />
          <CaptionsSection {...props} />
          <ItemsSection {...props} />
          <VendorsSection {...props} />
          <ExperienceSection {...props} />
          <SongsSection {...props} />
        </div>
        <div className="editor__side">
          <LandingPreview show={show} />
          <Button type="submit" busy={busy} data-testid="editor-save">
            {creating ? t('host-create') : t('host-save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
