import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pictureClock } from '../../lib/show-clock/picture-clock.ts';
import { useStickProgram } from '../lightstick/use-stick-program.ts';
import { useAlertStore } from './alert-store.ts';

/**
 * The light-stick cue of the chat panel: the host's track (prepared by a song title, started 100 ms
 * after 'start', stopped by 'stop', ALR-06) pulses at its tempo, and an active light-stick shows its
 * timer (ALR-07, ALR-08): its effect is set up 1 s after the host turned the sticks on and glows
 * for the timer's seconds (CHR-10). Paired Bluetooth sticks play the same program (BT rows).
 */
export function LightstickStatus() {
  const { t } = useTranslation();
  const { active, timerS, track, playingFrom } = useAlertStore((s) => s.lightstick);
  const [playing, setPlaying] = useState(false);
  /**
   * The picture's program date when the track lit (issue 27: with the picture, not the socket), and
   * how late the page's timer fired (a busy main thread), which the picture moved on by meanwhile.
   */
  const [lit, setLit] = useState<{ picture: number | null; lateMs: number } | null>(null);
  const cueAt = useAlertStore((s) => s.lastCue?.atMs ?? null);
  const { effect } = useStickProgram();

  useEffect(() => {
    if (playingFrom === null) {
      setPlaying(false);
      return;
    }
    const from = playingFrom;
    const timer = setTimeout(
      () => {
        setPlaying(true);
        setLit({ picture: pictureClock.date(), lateMs: Math.max(0, Date.now() - from) });
      },
      Math.max(0, playingFrom - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [playingFrom]);

  if (!active && !playing) return null;
  const beatMs = playing && track ? Math.round(60_000 / track.tempo) : 500;
  const glowing = playing || effect === 'on';
  const gradient = playing ? track?.gradient : effect === 'on';
  return (
    <div
      className={`lightstick-status${glowing ? ' is-playing' : ''}${gradient ? ' is-gradient' : ''}`}
      data-testid="lightstick-status"
      data-playing={playing}
      data-effect={effect}
      data-lit-picture={lit?.picture ?? ''}
      data-lit-late={lit?.lateMs ?? ''}
      data-cue-at={cueAt ?? ''}
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
