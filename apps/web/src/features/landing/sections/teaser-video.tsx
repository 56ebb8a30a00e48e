import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config/config-context.tsx';

/** The optional preview video (LAND-10, configuration teaser_video); absent without one. */
export function TeaserVideo() {
  const { t } = useTranslation();
  const { teaser_video: src } = useConfig();
  if (!src) return null;
  return (
    <section className="teaser container" data-testid="teaser-video" aria-labelledby="teaser-title">
      <h2 className="sections-title" id="teaser-title">
        {t('teaser-title')}
      </h2>
      <div className="teaser__frame">
        {/* Metadata only (the file's index and first frame): the page stays light until play. */}
        <video src={`${src}#t=1`} controls muted playsInline preload="metadata" data-testid="teaser-player" />
      </div>
    </section>
  );
}
