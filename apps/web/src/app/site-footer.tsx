import { TIMINGS_MS } from '@encore/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatch } from 'react-router';
import { loadDeferredTexts } from '../lib/i18n/i18n.ts';

// Loaded when it is due, 1 s in, with its texts: the footer never weighs on the first paint.
const FooterContent = lazy(() =>
  Promise.all([import('./footer-content.tsx'), loadDeferredTexts('notices')]).then(([m]) => ({
    default: m.FooterContent,
  })),
);

/** Appears 1 s after load and never on the event page (accounts section 2). */
export function SiteFooter() {
  const onEvent = useMatch('/event/*') !== null;
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), TIMINGS_MS.footerDelay);
    return () => window.clearTimeout(timer);
  }, []);

  if (!shown || onEvent) return null;
  return (
    <Suspense fallback={null}>
      <FooterContent />
    </Suspense>
  );
}
