import { isWebOrSiteUrl } from '@encore/contract';
import { useTranslation } from 'react-i18next';

/**
 * The iframe wrapper of the viewer page (viewing section 2, LAY-10): the event configuration's
 * embedded page (iframe_src), rendered only when its source is non-empty. Sandboxed: the page may run
 * its scripts and open links in a new tab, but not reach this page, its storage or its top window.
 */
export function IframeWrapper({ src }: { src: string | undefined }) {
  const { t } = useTranslation();
  const source = src?.trim() ?? '';
  // An https page or a path on this site only (issue 29), as the server's allow-list.
  if (!source || !isWebOrSiteUrl(source, { httpsOnly: true })) return null;
  return (
    <div className="viewer__embed" data-testid="viewer-embed">
      <iframe
        src={source}
        title={t('viewer-embed-title')}
        loading="lazy"
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
      />
    </div>
  );
}
