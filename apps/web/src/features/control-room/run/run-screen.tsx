import { useTranslation } from 'react-i18next';
import { BroadcastPanel } from '../broadcast/broadcast-panel.tsx';
import { LiveCaptionsPanel } from '../captions/live-captions-panel.tsx';
import { useShow } from '../show-shell.tsx';
import { CuePanel } from './cue-panel.tsx';
import { LiveFigures } from './live-figures.tsx';
import { PreviewPlayer } from './preview-player.tsx';

/** Run: the preview of every view, the broadcast (ingest), live figures, and every cue with its state. */
export function RunScreen() {
  const { t } = useTranslation();
  const show = useShow();
  return (
    <section className="host-screen run" aria-labelledby="host-run-title" data-testid="host-run">
      <h2 id="host-run-title" className="visually-hidden">
        {t('host-tab-run')}
      </h2>
      <div className="run__main">
        <div className="run__watch">
          <PreviewPlayer show={show} />
        </div>
        <LiveFigures slug={show.slug} />
        {/* The whole row under the picture and the figures: eight health columns need the width. */}
        <BroadcastPanel slug={show.slug} />
      </div>
      <aside className="run__cues" aria-label={t('host-cues-label')}>
        <CuePanel slug={show.slug} songs={show.lightstick_songs} />
        <LiveCaptionsPanel slug={show.slug} languages={show.caption_files} />
      </aside>
    </section>
  );
}
