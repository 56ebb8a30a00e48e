import type { LightstickSong } from '@encore/contract';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { lightstickAlert, lsAlert, showClockMoment, songNamed } from './alert-forms.ts';
import { CueActions, type Publish } from './cue-actions.tsx';

interface LightstickCardProps {
  busy: string | null;
  /** The songs offered: the show's own, or the built-in list (alert-forms.ts showSongs). */
  songs: readonly LightstickSong[];
  /** Whether `songs` are the show's own (Setup) rather than the built-in list. */
  ownSongs: boolean;
  /** The current state line (cue-now.tsx). */
  now?: ReactNode;
  publish: Publish;
}

/** Light-stick cues: a track (song, tempo, gradient) started and stopped, and light-sticks on with a timer. */
export function LightstickCard({ busy, publish, now, songs, ownSongs }: LightstickCardProps) {
  const { t } = useTranslation();
  const [stick, setStick] = useState({ title: '', tempo: '120', timer: '10', gradient: false, startAt: '' });
  // Whether the host typed a tempo after choosing the song: else the song's own tempo is sent.
  const [tempoTyped, setTempoTyped] = useState(false);
  const songsId = useId();
  const song = songNamed(songs, stick.title);
  return (
    <section className="control-card" aria-labelledby="control-stick">
      <h2 id="control-stick">{t('control-stick-title')}</h2>
      {now}
      <p className="host-muted" data-testid="control-stick-songs">
        {`${ownSongs ? t('control-stick-show-songs') : t('control-stick-builtin-songs')} (${songs.length})`}
      </p>
      <div className="control-card__row">
        <Field
          label={t('control-stick-song')}
          value={stick.title}
          list={songsId}
          onChange={(e) => {
            // Choosing one of the offered songs brings its tempo and gradient.
            setTempoTyped(false);
            const picked = songNamed(songs, e.target.value);
            setStick({
              ...stick,
              title: e.target.value,
              ...(picked ? { tempo: String(picked.bpm), gradient: picked.gradient } : {}),
            });
          }}
          data-testid="control-stick-song"
        />
        <datalist id={songsId}>
          {songs.map((s) => (
            <option key={s.title} value={s.title}>
              {`${s.version} · ${s.bpm} bpm`}
            </option>
          ))}
        </datalist>
        <Field
          label={t('control-stick-tempo')}
          type="number"
          min={40}
          max={240}
          value={stick.tempo}
          onChange={(e) => {
            setTempoTyped(true);
            setStick({ ...stick, tempo: e.target.value });
          }}
          data-testid="control-stick-tempo"
        />
      </div>
      {!stick.title.trim() && (
        <p className="control-card__help" data-testid="control-stick-need-title">
          {t('control-stick-need-title')}
        </p>
      )}
      <Field
        label={t('control-stick-start-at')}
        hint={t('control-stick-start-at-hint')}
        type="time"
        step={1}
        value={stick.startAt}
        onChange={(e) => setStick({ ...stick, startAt: e.target.value })}
        data-testid="control-stick-start-at"
      />
      <label className="control-card__check">
        <input
          type="checkbox"
          checked={stick.gradient}
          onChange={(e) => setStick({ ...stick, gradient: e.target.checked })}
        />
        {t('control-stick-gradient')}
      </label>
      <CueActions
        busy={busy}
        publish={publish}
        actions={[
          {
            action: 'stick-start',
            label: t('control-stick-start'),
            disabled: !stick.title.trim(),
            alert: () =>
              lightstickAlert('start', {
                title: stick.title.trim(),
                tempo: song && !tempoTyped ? song.bpm : Number(stick.tempo) || 120,
                gradient: stick.gradient,
                ...(song ? { startDelay: song.start, duration: song.duration } : {}),
              }),
            at: () => showClockMoment(stick.startAt),
            testId: 'control-stick-start',
          },
          {
            action: 'stick-stop',
            label: t('control-stick-stop'),
            variant: 'secondary',
            alert: () => lightstickAlert('stop', { title: '', tempo: 120, gradient: false }),
            testId: 'control-stick-stop',
          },
        ]}
      />
      <div className="control-card__row control-card__row--divided">
        <Field
          label={t('control-stick-timer')}
          type="number"
          min={1}
          max={3600}
          value={stick.timer}
          onChange={(e) => setStick({ ...stick, timer: e.target.value })}
        />
      </div>
      <CueActions
        busy={busy}
        publish={publish}
        actions={[
          {
            action: 'ls-on',
            label: t('control-ls-on'),
            variant: 'secondary',
            alert: () => lsAlert(true, stick.timer),
          },
          { action: 'ls-off', label: t('control-ls-off'), variant: 'ghost', alert: () => lsAlert(false, '') },
        ]}
      />
    </section>
  );
}
