import type { CueState } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../format.ts';

type Cue = CueState['cues'][number];

/** What a cue kind last did for everyone, and when: the "now" line of each card. */
export function CueNow({ cue, testId }: { cue: Cue | undefined; testId: string }) {
  const { t, i18n } = useTranslation();
  const a = cue?.alert;
  let text: string;
  if (!a) text = t('host-cue-none');
  else if (a.type === 'ud') text = a.d === -1 ? t('host-cue-cleared') : t('host-cue-overlay', { msg: a.msg });
  else if (a.type === 'slate')
    text = a.d === -1 ? t('host-cue-cleared') : t('host-cue-slate', { url: a.url });
  else if (a.type === 'lightstick')
    text =
      a.action === 'start'
        ? t('host-cue-stick-start', { song: a.song_title ?? '' })
        : t('host-cue-stick-stop');
  else if (a.type === 'ls') text = a.display_code === 1 ? t('host-cue-ls-on') : t('host-cue-ls-off');
  else text = a.display_code === 0 ? t('host-chat-is-off') : t('host-chat-is-on');
  return (
    <p className="cue-state" data-testid={testId}>
      <span
        className={`cue-dot ${a && a.type !== 'chat' && (a as { d?: number }).d !== -1 ? 'cue-dot--on' : ''}`}
        aria-hidden="true"
      />
      <span className="cue-state__text">{text}</span>
      {cue && <time className="cue-state__when">{formatWhen(cue.updated_at, i18n.language)}</time>}
    </p>
  );
}
