import type { ReplayTrim } from '@encore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { formatClockZone } from '../format.ts';
import { getReplayTrim, replayKey, saveReplayTrim } from './replay-api.ts';
import { formatOffset, parseOffset, percentOf } from './trim-time.ts';
import './replay-trim.css';

type Errors = { start?: string; end?: string };

const ms = (iso: string | null) => (iso ? Date.parse(iso) : null);

/** The bar of the recording: the replay's window lit, Go live and End show marked. */
function TrimBar({ trim, start, end }: { trim: ReplayTrim; start: number | null; end: number | null }) {
  const { t } = useTranslation();
  const span = {
    recordingStart: Date.parse(trim.recording_start_at),
    recordingEnd: Date.parse(trim.recording_end_at),
  };
  const from = percentOf(start ?? Date.parse(trim.start_at), span);
  const to = percentOf(end ?? Date.parse(trim.end_at), span);
  const marks = [
    { at: ms(trim.live_at), label: t('replay-mark-live') },
    { at: ms(trim.ended_at), label: t('replay-mark-end') },
  ];
  return (
    <div className="replay-trim__bar" aria-hidden="true" data-testid="replay-trim-bar">
      <span
        className="replay-trim__window"
        style={{ left: `${from}%`, width: `${Math.max(0, to - from)}%` }}
      />
      {marks.map((m) =>
        m.at === null ? null : (
          <span key={m.label} className="replay-trim__mark" style={{ left: `${percentOf(m.at, span)}%` }}>
            <span className="replay-trim__mark-label">{m.label}</span>
          </span>
        ),
      )}
    </div>
  );
}

/**
 * The replay's trim in the control room (issue 27, docs/media.md "The replay on the show clock"):
 * after End show the host sets where fans' replay starts and ends, as times into the recording.
 * Go live and End show are the defaults; nothing is re-encoded, every angle keeps the same span.
 */
export function ReplayTrimPanel({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: replayKey(slug), queryFn: () => getReplayTrim(slug), retry: false });
  const trim = query.data;
  const origin = trim ? Date.parse(trim.recording_start_at) : 0;
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!trim) return;
    setStart(formatOffset((Date.parse(trim.start_at) - origin) / 1000));
    setEnd(formatOffset((Date.parse(trim.end_at) - origin) / 1000));
  }, [trim, origin]);

  if (!trim) {
    if (query.isError && isApiError(query.error) && query.error.code === 'REPLAY_NOT_READY') {
      return (
        <section className="replay-trim" data-testid="replay-trim" data-state="waiting">
          <h3 className="broadcast__sub">{t('replay-title')}</h3>
          <p className="control-card__help">{t('replay-waiting')}</p>
        </section>
      );
    }
    return null;
  }

  const at = (text: string) => {
    const s = parseOffset(text);
    return s === null ? null : origin + s * 1000;
  };
  const startAt = at(start);
  const endAt = at(end);
  const length = startAt !== null && endAt !== null && endAt > startAt ? (endAt - startAt) / 1000 : null;

  const save = async (body: { start_at: string | null; end_at: string | null }) => {
    setBusy(true);
    setErrors({});
    try {
      const saved = await saveReplayTrim(slug, { ...body, version: trim.version });
      client.setQueryData(replayKey(slug), saved);
      showToast({ kind: 'success', messageKey: 'replay-saved' });
    } catch (error) {
      if (isApiError(error) && error.code === 'REPLAY_STALE') {
        showToast({ kind: 'error', messageKey: 'replay-stale' });
        await client.invalidateQueries({ queryKey: replayKey(slug) });
      } else if (isApiError(error) && error.field === 'start_at') setErrors({ start: error.message });
      else if (isApiError(error) && error.field === 'end_at') setErrors({ end: error.message });
      else showToast({ kind: 'error', messageKey: 'broadcast-error' });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (startAt === null) next.start = t('replay-time-invalid');
    if (endAt === null) next.end = t('replay-time-invalid');
    else if (startAt !== null && endAt <= startAt) next.end = t('replay-end-before-start');
    if (next.start || next.end || startAt === null || endAt === null) return setErrors(next);
    // A field left at its default stays the default (null), so a later Go live/End show change follows.
    const same = (iso: string | null, v: number) => iso !== null && Math.abs(Date.parse(iso) - v) < 50;
    void save({
      start_at: !trim.start_trimmed && same(trim.start_at, startAt) ? null : new Date(startAt).toISOString(),
      end_at: !trim.end_trimmed && same(trim.end_at, endAt) ? null : new Date(endAt).toISOString(),
    });
  };

  const clock = (v: number | null) =>
    v === null ? '–' : formatClockZone(new Date(v).toISOString(), i18n.language);
  return (
    <section
      className="replay-trim"
      data-testid="replay-trim"
      data-state="ready"
      aria-labelledby="replay-title"
    >
      <h3 id="replay-title" className="broadcast__sub">
        {t('replay-title')}
      </h3>
      <p className="control-card__help">{t('replay-help')}</p>
      <TrimBar trim={trim} start={startAt} end={endAt} />
      <p className="replay-trim__recording" data-testid="replay-recording">
        {t('replay-recording', {
          length: formatOffset((Date.parse(trim.recording_end_at) - origin) / 1000),
          from: clock(origin),
          to: clock(Date.parse(trim.recording_end_at)),
        })}
      </p>
      <form className="replay-trim__form" onSubmit={onSubmit} noValidate>
        {(
          [
            ['start', start, setStart, startAt],
            ['end', end, setEnd, endAt],
          ] as const
        ).map(([edge, value, set, at]) => (
          <Field
            key={edge}
            label={t(`replay-${edge}`)}
            value={value}
            onChange={(e) => set(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            error={errors[edge]}
            hint={clock(at)}
            data-testid={`replay-${edge}`}
          />
        ))}
        <div className="replay-trim__actions">
          <span className="replay-trim__length" data-testid="replay-length">
            {length === null ? '' : t('replay-length', { length: formatOffset(length) })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy || (!trim.start_trimmed && !trim.end_trimmed)}
            onClick={() => void save({ start_at: null, end_at: null })}
            data-testid="replay-reset"
          >
            {t('replay-reset')}
          </Button>
          <Button type="submit" size="sm" busy={busy} data-testid="replay-save">
            {t('replay-save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
