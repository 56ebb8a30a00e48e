import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { fromLocalInput, toLocalInput } from '../format.ts';
import type { SectionProps } from './show-editor.tsx';

const num = (v: string) => (v === '' ? 0 : Number(v));

export function BasicsSection({ show, update, problems, creating }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="editor__section">
      <legend>{t('host-section-basics')}</legend>
      <div className="editor__grid">
        <Field
          label={`${t('host-field-name')} *`}
          required
          value={show.event_name}
          error={problems.event_name}
          data-field="event_name"
          onChange={(e) =>
            update((d) => {
              d.event_name = e.target.value;
            })
          }
          data-testid="editor-event-name"
        />
        <Field
          label={`${t('host-field-artist')} *`}
          required
          value={show.artist_name}
          error={problems.artist_name}
          data-field="artist_name"
          onChange={(e) =>
            update((d) => {
              d.artist_name = e.target.value;
            })
          }
          data-testid="editor-artist"
        />
        <Field
          label={t('host-field-slug')}
          hint={t('host-field-slug-hint')}
          value={show.slug}
          disabled={!creating}
          error={problems.slug}
          data-field="slug"
          onChange={(e) =>
            update((d) => {
              d.slug = e.target.value.toLowerCase();
            })
          }
          data-testid="editor-slug"
        />
        <Field
          label={t('host-field-paid-event')}
          hint={t('host-field-paid-event-hint')}
          value={show.paid_event_name}
          error={problems.paid_event_name}
          data-field="paid_event_name"
          onChange={(e) =>
            update((d) => {
              d.paid_event_name = e.target.value;
            })
          }
          data-testid="editor-paid-event"
        />
        <Field
          label={t('host-field-paid-event-id')}
          type="number"
          min={1}
          value={String(show.paid_event_id)}
          error={problems.paid_event_id}
          data-field="paid_event_id"
          onChange={(e) =>
            update((d) => {
              d.paid_event_id = num(e.target.value);
            })
          }
          data-testid="editor-paid-event-id"
        />
        <Field
          label={t('host-field-channel-id')}
          type="number"
          min={1}
          value={String(show.channel_id)}
          error={problems.channel_id}
          data-field="channel_id"
          onChange={(e) =>
            update((d) => {
              d.channel_id = num(e.target.value);
            })
          }
          data-testid="editor-channel-id"
        />
      </div>
    </fieldset>
  );
}

export function ScheduleSection({ show, update, problems }: SectionProps) {
  const { t } = useTranslation();
  const time = (
    key: 'event_start_time' | 'event_enter_time' | 'event_end_time' | 'sale_start_time' | 'sale_end_time',
    label: string,
    testId: string,
  ) => (
    <Field
      label={label}
      type="datetime-local"
      value={toLocalInput(show.event[key])}
      error={problems[`event.${key}`]}
      data-field={`event.${key}`}
      onChange={(e) =>
        update((d) => {
          const iso = fromLocalInput(e.target.value);
          // Doors and the sale window may be emptied (their defaults apply); start and end may not.
          if (key === 'event_start_time' || key === 'event_end_time') {
            if (iso) d.event[key] = iso;
          } else d.event[key] = iso;
        })
      }
      data-testid={testId}
    />
  );
  return (
    <fieldset className="editor__section">
      <legend>{t('host-section-schedule')}</legend>
      <div className="editor__grid">
        {time('event_enter_time', t('host-field-doors'), 'editor-doors')}
        {time('event_start_time', t('host-field-start'), 'editor-start')}
        {time('event_end_time', t('host-field-end'), 'editor-end')}
      </div>
      <p className="host-muted">{t('host-schedule-hint')}</p>
      <div className="editor__grid">
        {time('sale_start_time', t('host-field-sale-start'), 'editor-sale-start')}
        {time('sale_end_time', t('host-field-sale-end'), 'editor-sale-end')}
      </div>
      <p className="host-muted">{t('host-sale-hint')}</p>
    </fieldset>
  );
}
