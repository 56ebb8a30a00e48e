import { LIVE_CAPTION_TEXT_MAX } from '@encore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { showToast } from '../../../lib/store/toast-store.ts';
import { latestLiveCaptions, postLiveCaption } from './live-captions-api.ts';

export type LiveCaptionsPanelProps = {
  slug: string;
  /** The show's caption languages (its caption_files). */
  languages: readonly { language: string; label: string }[];
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The captioner's desk (issue 11): type a line, Enter sends it to every player's caption menu in that
 * language within a segment or two; the latest lines stay listed so a typo is seen at once.
 */
export function LiveCaptionsPanel({ slug, languages }: LiveCaptionsPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lang, setLang] = useState(languages[0]?.language ?? '');
  const [text, setText] = useState('');
  const key = ['live-captions', slug, lang];
  const latest = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => latestLiveCaptions(slug, lang, signal),
    enabled: lang !== '',
    refetchInterval: 5_000,
  });
  const send = useMutation({
    mutationFn: (line: string) => postLiveCaption(slug, { lang, text: line }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => showToast({ kind: 'error', messageKey: 'control-captions-error' }),
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const line = text.trim();
    if (line && !send.isPending) send.mutate(line);
  };
  // Enter sends, Shift+Enter is a line break the server folds into one line anyway.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  if (languages.length === 0) {
    return (
      <section className="control-card" aria-labelledby="control-captions" data-testid="live-captions-panel">
        <h2 id="control-captions">{t('control-captions-title')}</h2>
        <p className="control-card__help">{t('control-captions-none')}</p>
      </section>
    );
  }

  return (
    <form
      className="control-card"
      onSubmit={submit}
      aria-labelledby="control-captions"
      data-testid="live-captions-panel"
    >
      <h2 id="control-captions">{t('control-captions-title')}</h2>
      <p className="control-card__help">{t('control-captions-help')}</p>
      <SelectField
        label={t('control-captions-lang')}
        value={lang}
        onChange={(e) => setLang(e.target.value)}
        options={languages.map((l) => ({ value: l.language, label: l.label }))}
        data-testid="live-captions-lang"
      />
      <label className="control-card__label" htmlFor="live-captions-text">
        {t('control-captions-line')}
      </label>
      <textarea
        id="live-captions-text"
        className="control-card__textarea"
        value={text}
        maxLength={LIVE_CAPTION_TEXT_MAX}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="live-captions-text"
      />
      <div className="control-card__row">
        <Button
          type="submit"
          busy={send.isPending}
          disabled={text.trim() === ''}
          data-testid="live-captions-send"
        >
          {t('control-captions-send')}
        </Button>
      </div>
      <ol
        className="live-captions__latest"
        aria-label={t('control-captions-latest')}
        data-testid="live-captions-latest"
      >
        {(latest.data ?? []).map((c) => (
          <li key={c.id}>
            <time dateTime={c.start}>{timeOf(c.start)}</time> <span>{c.text}</span>
          </li>
        ))}
      </ol>
    </form>
  );
}
