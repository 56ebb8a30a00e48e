import { httpsImage, isVerifiedSender } from '@encore/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../lib/store/ui-store.ts';
import { dualTime } from '../../lib/time/show-time.ts';
import { avatarColor, avatarInitial } from './avatar-color.ts';
import type { ChatMessage } from './chat-message.ts';
import { MessageMenu } from './message-menu.tsx';

/**
 * Chat times are the fan's own clock (issue 14: bare times in Korean time read as the fan's); the
 * tooltip names its zone and gives the Korean time beside it, like every other time (issue 26).
 */
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

function Avatar({ username, image }: { username: string; image: string | null }) {
  // CHAT-37: an http image is shown over https; CHAT-38: no image, a coloured default avatar.
  const src = httpsImage(image);
  if (src)
    return (
      <img
        className="chat-row__avatar"
        src={src}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        data-testid="chat-avatar"
      />
    );
  return (
    <span
      className="chat-row__avatar chat-row__avatar--default"
      style={{ background: avatarColor(username) }}
      data-testid="chat-default-avatar"
      aria-hidden="true"
    >
      {avatarInitial(username)}
    </span>
  );
}

export const MessageRow = memo(function MessageRow({
  message,
  hangId = null,
  onReported,
  onResend,
}: {
  message: ChatMessage;
  hangId?: number | null;
  onReported?: ((tossId: string) => void) | undefined;
  /** Sends a failed line of the fan's again (issue 26). */
  onResend?: ((tossId: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const { sender } = message;
  const verified = isVerifiedSender(sender.chat_monikers);
  const time = new Date(message.send_time);
  const sticker = message.toss_type === 'sticker' ? message.toss_data : null;
  const classes = ['chat-row', message.own && 'chat-row--own', message.localOnly && 'chat-row--local'];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      data-testid="chat-message"
      data-own={message.own}
      data-toss-id={message.toss_id}
      data-local-only={message.localOnly ?? undefined}
    >
      <Avatar username={sender.username} image={sender.profile_image_75x75 ?? sender.profile_image_150x150} />
      <div className="chat-row__body">
        <div className="chat-row__meta">
          <span className="chat-row__name" data-testid="chat-username">
            {sender.username}
          </span>
          {verified && (
            <span className="chat-row__verified" data-testid="chat-verified" title={t('chat-verified')}>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M8 0l1.9 1.5 2.4-.2.7 2.3 2.1 1.2-.6 2.3.9 2.2-1.9 1.5-.4 2.4-2.4.3L9.3 16 8 14.8 6.7 16l-1.4-1.9-2.4-.3-.4-2.4L.6 9.9l.9-2.2L.9 5.4 3 4.2l.7-2.3 2.4.2z"
                />
                <path fill="#0b0813" d="M7 10.6L4.6 8.2l1-1L7 8.6l3.4-3.4 1 1z" />
              </svg>
              <span className="visually-hidden">{t('chat-verified')}</span>
            </span>
          )}
          {message.own && <span className="chat-row__you">{t('chat-you')}</span>}
          <time
            className="chat-row__time"
            dateTime={message.send_time}
            title={Number.isNaN(time.getTime()) ? undefined : dualTime(time.getTime(), locale)}
            data-testid="chat-time"
          >
            {Number.isNaN(time.getTime()) ? '' : timeFormat.format(time)}
          </time>
          {hangId !== null && !message.own && !message.localOnly && (
            <MessageMenu hangId={hangId} message={message} onReported={onReported} />
          )}
        </div>
        {sticker ? (
          <img
            className="chat-row__sticker"
            src={httpsImage(sticker.display_image) ?? ''}
            alt={t('chat-sticker-alt')}
            data-testid="chat-sticker"
            data-sticker-id={sticker.sticker_id}
            width={88}
            height={88}
          />
        ) : (
          <p className="chat-row__text">{message.toss_text}</p>
        )}
        {message.localOnly && (
          <p className="chat-row__note" data-testid="chat-local-note">
            {message.localOnly === 'profanity' ? t('chat-held-profanity') : t('chat-held-disabled')}
          </p>
        )}
        {message.failed && !message.localOnly && (
          <p className="chat-row__note chat-row__note--error" data-testid="chat-failed-note">
            {message.offline
              ? t('chat-not-sent-offline')
              : message.slowMode
                ? t('chat-not-sent-slow')
                : t('chat-not-sent')}{' '}
            {onResend && (
              <button
                type="button"
                className="chat-row__resend"
                // Reached with the list's arrow keys, not a Tab stop per message (list-keys.ts).
                tabIndex={-1}
                data-chat-action=""
                data-testid="chat-resend"
                onClick={() => onResend(message.toss_id)}
              >
                {t('chat-send-again')}
              </button>
            )}
          </p>
        )}
        {message.reported && (
          <p className="chat-row__note" data-testid="chat-reported-note">
            {t('chat-reported')}
          </p>
        )}
      </div>
    </li>
  );
});
