import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BroadcastPanel } from '../broadcast/broadcast-panel.tsx';
import { LiveCaptionsPanel } from '../captions/live-captions-panel.tsx';
import { useShow } from '../show-shell.tsx';
import { CuePanel } from './cue-panel.tsx';
import { CueTimelineList } from './cue-timeline-list.tsx';
import { LiveFigures } from './live-figures.tsx';
import { PreviewPlayer } from './preview-player.tsx';
import { WaitingRoomCard } from './waiting-room-card.tsx';

const SECTIONS = ['broadcast', 'preview', 'figures', 'cues'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Run: on show night the broadcast (Go live / End show, the feeds' health, keys) comes first, then
 * the preview and live figures, the cues beside. On a phone one part at a time, chosen from a row of
 * buttons, instead of one column several screens long (issue 25).
 */
export function RunScreen() {
  const { t } = useTranslation();
  const show = useShow();
  const [section, setSection] = useState<Section>('broadcast');
  return (
    <section
      className="host-screen run"
      aria-labelledby="host-run-title"
      data-testid="host-run"
      data-section={section}
    >
      <h2 id="host-run-title" className="visually-hidden">
        {t('host-tab-run')}
      </h2>
      <fieldset className="run__sections">
        <legend className="visually-hidden">{t('run-sections-label')}</legend>
        {SECTIONS.map((s) => (
          <button
            key={s}
            type="button"
            className={`run__section-btn${s === section ? ' run__section-btn--on' : ''}`}
            aria-pressed={s === section}
            data-testid={`run-section-${s}`}
            onClick={() => setSection(s)}
          >
            {t(`run-section-${s}`)}
          </button>
        ))}
      </fieldset>
      <div className="run__main">
        <div className="run__part run__part--broadcast" data-part="broadcast">
          <BroadcastPanel slug={show.slug} />
        </div>
        <div className="run__watch run__part" data-part="preview">
          <PreviewPlayer show={show} />
        </div>
        <div className="run__part" data-part="figures">
          <LiveFigures slug={show.slug} />
          <WaitingRoomCard slug={show.slug} />
        </div>
      </div>
      <aside className="run__cues run__part" data-part="cues" aria-label={t('host-cues-label')}>
        <CueTimelineList slug={show.slug} />
        <CuePanel slug={show.slug} songs={show.lightstick_songs} />
        <LiveCaptionsPanel slug={show.slug} languages={show.caption_files} />
      </aside>
    </section>
  );
}
