import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertStore } from './alert-store.ts';

/**
 * The light-stick cue of the chat panel: the host's track (prepared by a song title, started 100 ms
 * after 'start', stopped by 'stop', ALR-06) pulses at its tempo, and an active light-stick shows its
 * timer (ALR-07, ALR-08). Paired Bluetooth sticks follow the same state (BT rows).
 */
export function LightstickStatus() {
  const { t } = useTranslation();
  const { active, timerS, track, playingFrom } = useAlertStore((s) => s.lightstick);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (playingFrom === null) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setPlaying(true), Math.max(0, playingFrom - Date.now()));
    return () => clearTimeout(timer);
  }, [playingFrom]);

  if (!active && !playing) return null;
  const beatMs = track ? Math.round(60_000 / track.tempo) : 500;
  return (
    <div
      className={`lightstick-status${playing ? ' is-playing' : ''}${track?.gradient ? ' is-gradient' : ''}`}
      data-testid="lightstick-status"
      data-playing={playing}
      style={{ '--beat': `${beatMs}ms` } as React.CSSProperties}
      role="status"
    >
      <span className="lightstick-status__glow" aria-hidden="true" />
      <span className="lightstick-status__text">
        {playing && track
          ? t('lightstick-playing', { title: track.title })
          : t('lightstick-on', { seconds: timerS })}
      </span>
    </div>
  );
}
