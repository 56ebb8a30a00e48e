import type { CaptionFile, PipSink } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ListEditor } from './list-editor.tsx';
import type { SectionProps } from './show-editor.tsx';

const EXTRA_STREAMS = ['streampips4', 'streampips6', 'fanwall-stream', 'stream4k'] as const;
const originUrl = (name: string) => `/media/${name}/index.m3u8`;

/** Angles (names, order, streams), the other views, and the view the player starts on. */
export function StreamsSection({ show, update, problems }: SectionProps) {
  const { t } = useTranslation();
  const setSinks = (sinks: PipSink[]) =>
    update((d) => {
      // An angle's stream goes with it; a removed angle's stream goes too.
      const kept = Object.fromEntries(Object.entries(d.streams).filter(([k]) => !k.startsWith('mix-stream')));
      for (const s of sinks)
        kept[`mix-stream${s.id}`] = d.streams[`mix-stream${s.id}`] ?? {
          hls: { url: originUrl(`mix-stream${s.id}`) },
        };
      d.pips.sinks = sinks;
      d.streams = kept;
    });
  const nextId = () => Math.max(0, ...show.pips.sinks.map((s) => s.id)) + 1;
  return (
    <fieldset className="editor__section">
      <legend>{t('host-section-angles')}</legend>
      <ListEditor
        testId="editor-angles"
        items={show.pips.sinks}
        onChange={setSinks}
        make={() => ({ id: nextId(), label: `CAM ${nextId()}` })}
        addLabel={t('host-add-angle')}
        render={(sink, set, i) => (
          <>
            <Field
              label={t('host-field-angle-id')}
              type="number"
              min={1}
              value={String(sink.id)}
              error={problems[`pips.sinks.${i}.id`]}
              data-field={`pips.sinks.${i}.id`}
              onChange={(e) => set({ ...sink, id: Number(e.target.value) || 0 })}
            />
            <Field
              label={t('host-field-angle-name')}
              value={sink.label}
              onChange={(e) => set({ ...sink, label: e.target.value })}
            />
            <Field
              label={t('host-field-stream-url')}
              value={show.streams[`mix-stream${sink.id}`]?.hls.url ?? ''}
              onChange={(e) =>
                update((d) => {
                  d.streams[`mix-stream${sink.id}`] = { hls: { url: e.target.value } };
                })
              }
            />
          </>
        )}
      />
      <div className="editor__grid">
        {EXTRA_STREAMS.map((name) => (
          <label key={name} className="control-card__check">
            <input
              type="checkbox"
              checked={name in show.streams}
              onChange={(e) =>
                update((d) => {
                  if (e.target.checked) d.streams[name] = { hls: { url: originUrl(name) } };
                  else delete d.streams[name];
                })
              }
            />
            {t(`host-stream-${name}`)}
          </label>
        ))}
        <SelectField
          label={t('host-field-base-video')}
          value={show.base_video}
          onChange={(e) =>
            update((d) => {
              d.base_video = e.target.value;
            })
          }
          options={Object.keys(show.streams).map((k) => ({ value: k, label: k }))}
          data-testid="editor-base-video"
        />
        {problems.base_video && (
          <p className="field__error" role="alert">
            {problems.base_video}
          </p>
        )}
      </div>
    </fieldset>
  );
}

export function CaptionsSection({ show, update }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="editor__section">
      <legend>{t('host-section-captions')}</legend>
      <ListEditor<CaptionFile>
        testId="editor-captions"
        items={show.caption_files}
        onChange={(caption_files) =>
          update((d) => {
            d.caption_files = caption_files;
          })
        }
        // The first language defaults to the demo's English file; a second one starts empty (it was
        // pre-filled with the English file, issue 25).
        make={() =>
          show.caption_files.length === 0
            ? { language: 'en', label: 'English', url: '/media/captions/en.vtt' }
            : { language: '', label: '', url: '' }
        }
        addLabel={t('host-add-caption')}
        render={(c, set) => (
          <>
            <Field
              label={t('host-field-language')}
              value={c.language}
              onChange={(e) => set({ ...c, language: e.target.value })}
            />
            <Field
              label={t('host-field-label')}
              value={c.label}
              onChange={(e) => set({ ...c, label: e.target.value })}
            />
            <Field
              label={t('host-field-url')}
              value={c.url}
              onChange={(e) => set({ ...c, url: e.target.value })}
            />
          </>
        )}
      />
    </fieldset>
  );
}
