import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page/use-page-meta.ts';

/** Any path that is not one of the app's (issue 14: unknown paths showed the landing page). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(`${t('not-found-title')} | Encore`, t('not-found-body'));
  return (
    <section className="not-found container" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{t('not-found-title')}</h1>
      <p className="not-found__body">{t('not-found-body')}</p>
      <Link className="btn btn--primary btn--lg" to="/" data-testid="not-found-home">
        <span className="btn__label">{t('not-found-home')}</span>
      </Link>
    </section>
  );
}
