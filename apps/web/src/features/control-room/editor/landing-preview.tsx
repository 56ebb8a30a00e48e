import { doorsOpenAt, type Show, showStatus } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatWhen } from '../format.ts';
import { StatusPill } from '../host-home.tsx';

/** How the show's card reads on the landing page: name, artist, times, state, what is for sale. */
export function LandingPreview({ show }: { show: Show }) {
  const { t, i18n } = useTranslation();
  const valid =
    !Number.isNaN(Date.parse(show.event.event_start_time)) &&
    !Number.isNaN(Date.parse(show.event.event_end_time));
  const lang = i18n.language as 'en';
  return (
    <aside className="landing-preview" aria-labelledby="landing-preview-title" data-testid="landing-preview">
      <h2 id="landing-preview-title" className="host-eyebrow">
        {t('host-preview-card')}
      </h2>
      <div className="landing-preview__card">
        <div
          className="landing-preview__art"
          style={
            show.event_config.cheer.background_image
              ? { backgroundImage: `url(${show.event_config.cheer.background_image})` }
              : undefined
          }
        >
          {valid && <StatusPill status={showStatus(show, new Date())} />}
        </div>
        <div className="landing-preview__body">
          <p className="landing-preview__artist">{show.artist_name || t('host-field-artist')}</p>
          <p className="landing-preview__name">{show.event_name || t('host-field-name')}</p>
          {valid && (
            <dl className="landing-preview__times">
              <dt>{t('host-col-doors')}</dt>
              <dd>{formatWhen(doorsOpenAt(show).toISOString(), i18n.language)}</dd>
              <dt>{t('host-col-start')}</dt>
              <dd>{formatWhen(show.event.event_start_time, i18n.language)}</dd>
            </dl>
          )}
          <ul className="landing-preview__items">
            {(show.ticket_items ?? []).map((item) => (
              <li key={item.item_id}>
                <span>{item.display_name[lang] ?? item.display_name.en ?? item.item_id}</span>
                <span className="host-num">
                  {formatMoney({ [item.currency]: item.price }, i18n.language)}
                </span>
              </li>
            ))}
            {show.ticketing.map((v) => (
              <li key={v.id}>
                <span>{v.name}</span>
                <span className="host-muted">{v.validate_type}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </aside>
  );
}
