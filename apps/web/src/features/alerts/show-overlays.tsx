import type { EnterEventResponse } from '@encore/contract';
import { httpsImage, safeHref } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useAlertStore, useShowAlerts } from './alert-store.ts';
import './alerts.css';

export type ShowOverlaysProps = { entry: EnterEventResponse };

function SlateImage({ url, link, end }: { url: string; link: string | null; end: boolean }) {
  const { t } = useTranslation();
  // A link that is not http(s) or a path on this site is not rendered (issue 29): the image alone.
  const href = safeHref(link);
  const image = <img className="show-slate__image" src={httpsImage(url) ?? ''} alt={t('alert-slate-alt')} />;
  return (
    <div className={`show-slate${end ? ' show-slate--end' : ''}`} data-testid={end ? 'end-slate' : 'slate'}>
      {href ? (
        // ALR-14: the slate's link opens in a new tab.
        <a
          className="show-slate__link"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="slate-link"
        >
          {image}
          <span className="show-slate__cta">{t('alert-slate-open')}</span>
        </a>
      ) : (
        image
      )}
    </div>
  );
}

/**
 * The host's overlays over the video (viewing sections 2 and 4): the overlay text box in one of five
 * placements, the slate, and the end-slate once stored. Mounted inside #primaryViewer.
 */
export function ShowOverlays({ entry }: ShowOverlaysProps) {
  useShowAlerts(entry);
  const overlay = useAlertStore((s) => s.overlay);
  const slate = useAlertStore((s) => s.slate);
  const endSlate = useAlertStore((s) => s.endSlate);
  return (
    <div className="show-overlays" data-testid="show-overlays">
      {slate ? (
        <SlateImage url={slate.url} link={slate.link} end={false} />
      ) : (
        endSlate && <SlateImage url={endSlate.url} link={endSlate.link} end />
      )}
      {overlay?.placement && (
        <div
          className={`overlay-text overlay-text--${overlay.placement}`}
          data-testid="overlay-text"
          data-placement={overlay.placement}
          role="status"
        >
          {overlay.text}
        </div>
      )}
    </div>
  );
}
