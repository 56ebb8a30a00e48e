import type { EventConfig } from '@encore/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config/config-context.tsx';
import { shareHashtags, shareUrl, shareWindowFeatures } from './social-share.ts';
import './merch.css';

/**
 * The chat column's extras row: the social-post widget when the show enables it (MRC-05) and the
 * static program PDF (MRC-09). The widget's text starts as the show's default message (MRC-06);
 * Post is off while the text is empty (MRC-07) and opens the 550x450 share window with the text and
 * hashtags, then clears the text (MRC-08).
 */
export function ShowExtras({ config, artist }: { config: EventConfig; artist: string }) {
  const { t } = useTranslation();
  const { program_pdf: programPdf } = useConfig();
  const [open, setOpen] = useState(false);
  const enabled = config.features.twitter;
  return (
    <div className="show-extras" data-testid="show-extras">
      <div className="show-extras__row">
        {enabled && (
          <button
            type="button"
            className={`show-extras__button${open ? ' is-active' : ''}`}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            data-testid="social-toggle"
          >
            {t('social-toggle')}
          </button>
        )}
        <a
          className="show-extras__button"
          href={programPdf}
          download
          aria-label={t('program-download-label')}
          data-testid="program-pdf"
        >
          {t('program-download')}
        </a>
      </div>
      {enabled && open && <SocialPost twitter={config.twitter} artist={artist} />}
    </div>
  );
}

function SocialPost({ twitter, artist }: { twitter: EventConfig['twitter']; artist: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(twitter.default_message);
  const empty = text.trim() === '';
  const post = () => {
    if (empty) return;
    const url = shareUrl(text.trim(), shareHashtags(twitter.hashtags, artist));
    window.open(
      url,
      'encore-share',
      shareWindowFeatures({
        left: window.screenX,
        top: window.screenY,
        width: window.outerWidth,
        height: window.outerHeight,
      }),
    );
    setText('');
  };
  return (
    <form
      className="social-post"
      data-testid="social-post"
      onSubmit={(e) => {
        e.preventDefault();
        post();
      }}
    >
      <label className="social-post__prompt" htmlFor={id}>
        {twitter.prompt || t('social-prompt-default')}
      </label>
      <textarea
        id={id}
        className="social-post__text"
        value={text}
        maxLength={280}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        data-testid="social-text"
      />
      <button
        type="submit"
        className="social-post__submit"
        disabled={empty}
        aria-label={t('social-post-label')}
        data-testid="social-post-button"
      >
        {t('social-post')}
      </button>
    </form>
  );
}
