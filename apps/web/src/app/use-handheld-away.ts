import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { currentPointerEnvironment, isHandheld } from '../lib/device/handheld.ts';

/**
 * DEV-06: on a phone or tablet, an event page that goes to the background sends the fan to / (which
 * leaves the event and frees the device slot), and coming back returns to the event (history back).
 */
export function useHandheldAway(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const sentAway = useRef(false);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (!pathRef.current.startsWith('/event/') || !isHandheld(currentPointerEnvironment())) return;
        sentAway.current = true;
        navigate('/');
      } else if (sentAway.current) {
        sentAway.current = false;
        navigate(-1);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [navigate]);
}
