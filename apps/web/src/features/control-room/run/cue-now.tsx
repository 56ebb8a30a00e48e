import type { Alert, CueState } from '@encore/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../format.ts';

type Cue = CueState['cues'][number];

/** What an alert does, in the control room's words. */
export function cueText(a: Alert | undefined, t: TFunction): string {
  if (!a) return t('host-cue-none');
  if (a.type === 'ud') return a.d === -1 ? t('host-cue-cleared') : t('host-cue-overlay', { msg: a.msg });
  if (a.type === 'slate') return a.d === -1 ? t('host-cue-cleared') : t('host-cue-slate', { url: a.url });
  if (a.type === 'lightstick')
    return a.action === 'start'
      ? t('host-cue-stick-start', { song: a.song_title ?? '' })
      : t('host-cue-stick-stop');
  if (a.type === 'ls') return a.display_code === 1 ? t('host-cue-ls-on') : t('host-cue-ls-off');
  return a.display_code === 0 ? t('host-chat-is-off') : t('host-chat-is-on');
}

/** What a cue kind last did for everyone, and when: the "now" line of each card. */
export function CueNow({ cue, testId }: { cue: Cue | undefined; testId: string }) {
  const { t, i18n } = useTranslation();
  const a = cue?.alert;
  const text = cueText(a, t);
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
