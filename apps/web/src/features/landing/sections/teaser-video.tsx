import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config/config-context.tsx';

/**
 * Whether the element has come within a screen of the viewport (once true, stays true). Without
 * IntersectionObserver, at once.
 */
function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/** The optional preview video (LAND-10, configuration teaser_video); absent without one. */
export function TeaserVideo() {
  const { t } = useTranslation();
  const { teaser_video: src } = useConfig();
  // Below the fold: the video element (its first frame, decoder and native controls) is made only
  // when the fan scrolls near it, not during the page's load (issue 14, Lighthouse blocking time).
  const [frame, near] = useNearViewport<HTMLDivElement>();
  if (!src) return null;
  return (
    <section className="teaser container" data-testid="teaser-video" aria-labelledby="teaser-title">
      <h2 className="sections-title" id="teaser-title">
        {t('teaser-title')}
      </h2>
      <div className="teaser__frame" ref={frame}>
        {/* Metadata only (the file's index and first frame): the page stays light until play. */}
        {near && (
          <video
            src={`${src}#t=1`}
            controls
            muted
            playsInline
            preload="metadata"
            data-testid="teaser-player"
          />
        )}
      </div>
    </section>
  );
}
