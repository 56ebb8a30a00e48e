import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../components/ui/button.css';
import './event.css';

/** The show page. Its player and chat come with the viewing issues; until then it says so plainly. */
export function EventPage() {
  const { t } = useTranslation();
  return (
    <section className="event-notice" data-testid="event-page" aria-labelledby="event-notice-title">
      <div className="event-notice__stage" aria-hidden="true">
        <span className="event-notice__light" />
      </div>
      <h1 className="event-notice__title" id="event-notice-title">
        {t('event-notice-title')}
      </h1>
      <p className="event-notice__text" data-testid="event-notice">
        {t('event-not-started')}
      </p>
      <Link to="/" className="btn btn--secondary btn--lg" data-testid="event-back-home">
        <span className="btn__label">{t('event-back-home')}</span>
      </Link>
    </section>
  );
}
