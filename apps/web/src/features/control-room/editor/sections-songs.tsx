import { LIGHTSTICK_SONGS, type ShowLightstickSong } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ListEditor } from './list-editor.tsx';
import type { SectionProps } from './show-editor.tsx';

const int = (v: string) => (v === '' ? 0 : Math.trunc(Number(v)));

/** The show's light-stick songs (BT-07's fields): what the Run screen's light-stick cue offers. */
export function SongsSection({ show, update, problems }: SectionProps) {
  const { t } = useTranslation();
  const songs = show.lightstick_songs ?? [];
  const set = (next: ShowLightstickSong[]) =>
    update((d) => {
      d.lightstick_songs = next;
    });
  const error = (i: number, key: keyof ShowLightstickSong) => problems[`lightstick_songs.${i}.${key}`];
  return (
    <fieldset className="editor__section" data-testid="editor-songs-section">
      <legend>{t('host-section-songs')}</legend>
      <p className="host-muted">{t('host-songs-hint')}</p>
      {songs.length === 0 && (
        <Button variant="secondary" size="sm" onClick={() => set(LIGHTSTICK_SONGS.map((s) => ({ ...s })))}>
          {t('host-song-builtin')}
        </Button>
      )}
      <ListEditor<ShowLightstickSong>
        testId="editor-songs"
        items={songs}
        max={50}
        onChange={set}
        make={() => ({ title: '', version: '', bpm: 120, start: 0, duration: 200, gradient: false })}
        addLabel={t('host-song-add')}
        render={(song, put, i) => (
          <>
            <Field
              label={t('host-song-title')}
              value={song.title}
              error={error(i, 'title')}
              data-field={`lightstick_songs.${i}.title`}
              onChange={(e) => put({ ...song, title: e.target.value })}
              data-testid={`editor-song-title-${i}`}
            />
            <Field
              label={t('host-song-version')}
              value={song.version}
              error={error(i, 'version')}
              data-field={`lightstick_songs.${i}.version`}
              onChange={(e) => put({ ...song, version: e.target.value })}
            />
            <Field
              label={t('host-song-bpm')}
              type="number"
              min={40}
              max={240}
              value={String(song.bpm)}
              error={error(i, 'bpm')}
              data-field={`lightstick_songs.${i}.bpm`}
              onChange={(e) => put({ ...song, bpm: int(e.target.value) })}
              data-testid={`editor-song-bpm-${i}`}
            />
            <Field
              label={t('host-song-start')}
              type="number"
              min={0}
              max={60000}
              value={String(song.start)}
              error={error(i, 'start')}
              data-field={`lightstick_songs.${i}.start`}
              onChange={(e) => put({ ...song, start: int(e.target.value) })}
            />
            <Field
              label={t('host-song-duration')}
              type="number"
              min={1}
              max={3600}
              value={String(song.duration)}
              error={error(i, 'duration')}
              data-field={`lightstick_songs.${i}.duration`}
              onChange={(e) => put({ ...song, duration: int(e.target.value) })}
            />
            <label className="control-card__check">
              <input
                type="checkbox"
                checked={song.gradient}
                onChange={(e) => put({ ...song, gradient: e.target.checked })}
              />
              {t('host-song-gradient')}
            </label>
          </>
        )}
      />
    </fieldset>
  );
}
