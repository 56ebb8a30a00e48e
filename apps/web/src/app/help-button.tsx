import { TIMINGS_MS } from '@encore/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatch } from 'react-router';
import { useConfig } from '../lib/config/config-context.tsx';
import { loadDeferredTexts } from '../lib/i18n/i18n.ts';

// Loaded when it is due, 2 s in: the widget never weighs on the first paint.
const HelpWidget = lazy(() =>
  Promise.all([import('./help-widget.tsx'), loadDeferredTexts('notices')]).then(([m]) => ({
    default: m.HelpWidget,
  })),
);

/**
 * The help widget (LAND-29): starts 2 s after mount, never in the event or in fullscreen. Encore has no
 * help provider configured, so the widget is built in (support email from the configuration). A
 * provider's script would load in the same timer and show its own launcher instead of HelpWidget.
 * Not in the host area either: the fans' support launcher floated over the operators' controls
 * (the Run screen's slate upload), and operators reach support through their own channels.
 */
export function HelpButton() {
  const { support_email: email } = useConfig();
  const onEvent = useMatch('/event/*') !== null;
  const inHostArea = useMatch('/host/*') !== null;
  const inControl = useMatch('/control/*') !== null;
  const onHostArea = inHostArea || inControl;
  const [started, setStarted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), TIMINGS_MS.helpWidgetDelay);
    const onFullscreen = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, []);

  if (!started || onEvent || onHostArea || fullscreen || !email) return null;
  return (
    <Suspense fallback={null}>
      <HelpWidget email={email} />
    </Suspense>
  );
}
