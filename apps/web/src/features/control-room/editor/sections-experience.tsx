import { type MerchItem, VIEWER_TABS } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { ImageUpload } from '../image-upload.tsx';
import { ListEditor } from './list-editor.tsx';
import type { SectionProps } from './show-editor.tsx';

/** The viewer's tabs and features, cheer art, the social post, and the merch store. */
export function ExperienceSection({ show, update, problems }: SectionProps) {
  const { t } = useTranslation();
  const cfg = show.event_config;
  const cheer = (key: 'button_icon' | 'button_icon_active' | 'background_image', label: string) => (
    <ImageUpload
      label={label}
      value={cfg.cheer[key]}
      error={problems[`event_config.cheer.${key}`]}
      data-field={`event_config.cheer.${key}`}
      onChange={(url) =>
        update((d) => {
          d.event_config.cheer[key] = url;
        })
      }
      testId={`editor-cheer-${key}`}
    />
  );
  return (
    <>
      <fieldset className="editor__section">
        <legend>{t('host-section-viewer')}</legend>
        <div className="editor__checks">
          {VIEWER_TABS.map((tab) => (
            <label key={tab} className="control-card__check">
              <input
                type="checkbox"
                checked={cfg.tabs.includes(tab)}
                onChange={(e) =>
                  update((d) => {
                    const tabs = d.event_config.tabs.filter((x) => x !== tab);
                    // Kept in the viewer's order (LAY-07).
                    d.event_config.tabs = e.target.checked
                      ? VIEWER_TABS.filter((x) => x === tab || tabs.includes(x))
                      : tabs;
                  })
                }
              />
              {t(`host-tab-name-${tab}`)}
            </label>
          ))}
          <label className="control-card__check">
            <input
              type="checkbox"
              checked={cfg.features.cheers}
              onChange={(e) =>
                update((d) => {
                  d.event_config.features.cheers = e.target.checked;
                })
              }
            />
            {t('host-field-cheers')}
          </label>
          <label className="control-card__check">
            <input
              type="checkbox"
              checked={cfg.features.twitter}
              onChange={(e) =>
                update((d) => {
                  d.event_config.features.twitter = e.target.checked;
                })
              }
            />
            {t('host-field-social')}
          </label>
        </div>
        <div className="editor__grid">
          <Field
            label={t('host-field-wall-interval')}
            type="number"
            min={1000}
            value={String(cfg.wall_stats_interval)}
            error={problems['event_config.wall_stats_interval']}
            data-field="event_config.wall_stats_interval"
            onChange={(e) =>
              update((d) => {
                d.event_config.wall_stats_interval = Number(e.target.value);
              })
            }
          />
          <Field
            label={t('host-field-pip-delay')}
            type="number"
            min={0}
            value={cfg.pip_delay === undefined ? '' : String(cfg.pip_delay)}
            onChange={(e) =>
              update((d) => {
                if (e.target.value === '') delete d.event_config.pip_delay;
                else d.event_config.pip_delay = Number(e.target.value);
              })
            }
          />
          <Field
            label={t('host-field-iframe')}
            value={cfg.iframe_src ?? ''}
            error={problems['event_config.iframe_src']}
            data-field="event_config.iframe_src"
            onChange={(e) =>
              update((d) => {
                d.event_config.iframe_src = e.target.value;
              })
            }
          />
          <Field
            label={t('host-field-social-message')}
            value={cfg.twitter.default_message}
            onChange={(e) =>
              update((d) => {
                d.event_config.twitter.default_message = e.target.value;
              })
            }
          />
          <Field
            label={t('host-field-social-prompt')}
            value={cfg.twitter.prompt}
            onChange={(e) =>
              update((d) => {
                d.event_config.twitter.prompt = e.target.value;
              })
            }
          />
        </div>
      </fieldset>
      <fieldset className="editor__section">
        <legend>{t('host-section-cheer')}</legend>
        <div className="editor__grid">
          {cheer('button_icon', t('host-field-cheer-icon'))}
          {cheer('button_icon_active', t('host-field-cheer-icon-active'))}
          {cheer('background_image', t('host-field-cheer-background'))}
          <Field
            label={t('host-field-cheer-sprites')}
            hint={t('host-field-cheer-sprites-hint')}
            value={cfg.cheer.sprites.join(', ')}
            onChange={(e) =>
              update((d) => {
                d.event_config.cheer.sprites = e.target.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean);
              })
            }
          />
        </div>
      </fieldset>
      <fieldset className="editor__section">
        <legend>{t('host-section-merch')}</legend>
        <ListEditor<MerchItem>
          testId="editor-merch"
          max={6}
          items={cfg.merch?.items ?? []}
          onChange={(items) =>
            update((d) => {
              d.event_config.merch = { ...(d.event_config.merch ?? {}), items };
            })
          }
          make={() => ({ name: '', url: 'https://', image: '' })}
          addLabel={t('host-add-merch')}
          render={(m, set, i) => (
            <>
              <Field
                label={t('host-field-merch-name')}
                value={m.name}
                error={problems[`event_config.merch.items.${i}.name`]}
                data-field={`event_config.merch.items.${i}.name`}
                onChange={(e) => set({ ...m, name: e.target.value })}
              />
              <Field
                label={t('host-field-url')}
                value={m.url}
                error={problems[`event_config.merch.items.${i}.url`]}
                data-field={`event_config.merch.items.${i}.url`}
                onChange={(e) => set({ ...m, url: e.target.value })}
              />
              <Field
                label={t('host-field-image')}
                value={m.image}
                onChange={(e) => set({ ...m, image: e.target.value })}
              />
            </>
          )}
        />
      </fieldset>
    </>
  );
}
