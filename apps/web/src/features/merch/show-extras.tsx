import type { EventConfig } from '@encore/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config/config-context.tsx';
import type { MessageKey } from '../../lib/i18n/locales/en.ts';
import { useUiStore } from '../../lib/store/ui-store.ts';
import {
  type SharePost,
  type ShareService,
  shareCopyText,
  shareHashtags,
  shareServices,
  shareUrl,
  shareWindowFeatures,
  type WindowService,
} from './social-share.ts';
import './merch.css';

/**
 * The chat column's extras row: the social-post widget when the show enables it (MRC-05) and the
 * static program PDF (MRC-09). The widget's text starts as the show's default message (MRC-06);
 * the share buttons are off while the text is empty (MRC-07); X, LINE and Weibo open their 550x450
 * share window with the text and hashtags, then the text is cleared (MRC-08). Issue 26: the services
 * of the show's fans, the first one the fan's language most uses, and the device's share sheet.
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

const SERVICE_NAME = {
  x: 'share-x',
  line: 'share-line',
  weibo: 'share-weibo',
  kakao: 'share-kakao',
} as const satisfies Record<ShareService, MessageKey>;

/** The device's share sheet, where the browser has one (phones, some desktops). */
const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

function SocialPost({ twitter, artist }: { twitter: EventConfig['twitter']; artist: string }) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(twitter.default_message);
  const [note, setNote] = useState<{ key: MessageKey; url?: string } | null>(null);
  const empty = text.trim() === '';
  const native = canShareNatively();
  const post = (): SharePost => ({
    text: text.trim(),
    hashtags: shareHashtags(twitter.hashtags, artist),
    // The show's page: the server writes its link preview (title, image) for every service.
    url: `${window.location.origin}${window.location.pathname}`,
  });
  // After a share the text is cleared (MRC-08) and the buttons turn off: focus goes back to the text
  // rather than falling to the page with the button it was on.
  const done = () => {
    setText('');
    textRef.current?.focus();
  };
  const openWindow = (service: WindowService) => {
    window.open(
      shareUrl(service, post()),
      'encore-share',
      shareWindowFeatures({
        left: window.screenX,
        top: window.screenY,
        width: window.outerWidth,
        height: window.outerHeight,
      }),
    );
    done();
  };
  const shareSheet = async (): Promise<'shared' | 'closed' | 'failed'> => {
    const p = post();
    try {
      await navigator.share({ text: [p.text, ...p.hashtags.map((h) => `#${h}`)].join(' '), url: p.url });
      done();
      return 'shared';
    } catch (e) {
      // The fan closed the sheet: nothing to say, the text stays.
      return e instanceof DOMException && e.name === 'AbortError' ? 'closed' : 'failed';
    }
  };
  const kakao = async () => {
    // The share sheet lists KakaoTalk where it is installed; without one (or if it fails), the copy.
    if (native && (await shareSheet()) !== 'failed') return;
    const p = post();
    try {
      await navigator.clipboard.writeText(shareCopyText(p));
      setNote({ key: 'share-kakao-copied' });
      done();
    } catch {
      setNote({ key: 'share-copy-failed', url: p.url });
    }
  };
  const services = shareServices(locale);
  return (
    <form className="social-post" data-testid="social-post" onSubmit={(e) => e.preventDefault()}>
      <label className="social-post__prompt" htmlFor={id}>
        {twitter.prompt || t('social-prompt-default')}
      </label>
      <textarea
        id={id}
        ref={textRef}
        className="social-post__text"
        value={text}
        maxLength={280}
        rows={2}
        onChange={(e) => {
          setText(e.target.value);
          setNote(null);
        }}
        data-testid="social-text"
      />
      <fieldset className="social-post__services">
        <legend className="social-post__on">{t('share-on')}</legend>
        {services.map((service) => (
          <button
            key={service}
            type="button"
            className={`social-post__service social-post__service--${service}`}
            disabled={empty}
            aria-label={
              service === 'kakao'
                ? t('share-kakao-label')
                : t('share-window-label', { service: t(SERVICE_NAME[service]) })
            }
            onClick={() => (service === 'kakao' ? void kakao() : openWindow(service))}
            data-testid={`share-${service}`}
          >
            {t(SERVICE_NAME[service])}
          </button>
        ))}
        {native && (
          <button
            type="button"
            className="social-post__service"
            disabled={empty}
            aria-label={t('share-native-label')}
            onClick={() => void shareSheet()}
            data-testid="share-native"
          >
            {t('share-native')}
          </button>
        )}
      </fieldset>
      <p className="social-post__note" role="status" data-testid="share-note">
        {note ? t(note.key, { url: note.url }) : ''}
      </p>
    </form>
  );
}
