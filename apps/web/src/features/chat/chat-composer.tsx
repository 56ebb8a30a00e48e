import { type ChatRestriction, isVisiblyEmpty, TOSS_TEXT_MAX } from '@encore/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPointerEnvironment, isHandheld } from '../../lib/device/handheld.ts';
import { useNowUntil } from '../../lib/time/use-now.ts';
import { restrictionActive, restrictionEndsAt } from './restriction.ts';
import type { SendResult } from './use-hang-chat.ts';

interface ChatComposerProps {
  /** Why the input is off, or null: joining, several devices (DEV-03). */
  disabledReason: 'joining' | 'devices' | null;
  /** OVER_CAPACITY lockout end (epoch ms), 0 when none (CHAT-30). */
  lockedUntil: number;
  /** Whose limit the lockout is: the fan's own sending limit or the room's capacity. */
  lockedBy?: 'sender' | 'room';
  /** Moderation: the fan's timeout, ban or chat off, and the slow-mode wait (epoch ms, 0 when none). */
  restriction?: ChatRestriction | null;
  slowUntil?: number;
  onSend: (text: string) => SendResult;
}

export function ChatComposer({
  disabledReason,
  lockedUntil,
  lockedBy = 'room',
  restriction = null,
  slowUntil = 0,
  onSend,
}: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const now = useNowUntil(Math.max(lockedUntil, slowUntil, restrictionEndsAt(restriction)), 1000);
  const lockedS = Math.max(0, Math.ceil((lockedUntil - now) / 1000));
  const locked = lockedUntil > Date.now();
  const slowS = Math.max(0, Math.ceil((slowUntil - now) / 1000));
  const slowed = slowUntil > Date.now();
  const restricted = restrictionActive(restriction, Date.now());
  const disabled = disabledReason !== null || locked || slowed || restricted;
  const canSend = !disabled && !isVisiblyEmpty(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (onSend(text) === 'blocked') return;
    setText('');
    // CHAT-44: on phones and tablets the keyboard goes away after sending.
    if (isHandheld(currentPointerEnvironment())) inputRef.current?.blur();
  };

  const placeholder =
    disabledReason === 'devices'
      ? t('chat-disabled-devices-short')
      : restricted
        ? t('chat-restricted-short')
        : locked
          ? t('chat-wait-placeholder', { seconds: lockedS })
          : slowed
            ? t('chat-slow-wait', { seconds: slowS })
            : t('chat-placeholder');

  return (
    <>
      {/* The whole sentence above the box (a placeholder cut it off), whose limit it is, and when. */}
      {locked && (
        <p
          className={`chat-banner chat-composer__notice${lockedBy === 'sender' ? '' : ' chat-banner--warn'}`}
          role="status"
          data-testid="chat-over-capacity"
          data-capacity={lockedBy}
        >
          {t(lockedBy === 'sender' ? 'chat-own-limit' : 'chat-over-capacity', { seconds: lockedS })}
        </p>
      )}
      <form className="chat-composer" onSubmit={submit} data-testid="chat-composer">
        <input
          ref={inputRef}
          className="chat-composer__input"
          data-testid="chat-input"
          value={text}
          maxLength={TOSS_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          // CHAT-34: pasting into the chat is blocked.
          onPaste={(e) => e.preventDefault()}
          onDrop={(e) => e.preventDefault()}
          placeholder={placeholder}
          aria-label={t('chat-input-label')}
          disabled={disabled}
          autoComplete="off"
          enterKeyHint="send"
        />
        <button
          type="submit"
          className="chat-composer__send"
          data-testid="chat-send"
          disabled={!canSend}
          aria-label={t('chat-send')}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M3.4 20.4l17.5-7.5c.8-.4.8-1.5 0-1.8L3.4 3.6c-.7-.3-1.4.2-1.4.9L2 9.1c0 .5.4.9.9 1L17 12 2.9 13.9c-.5.1-.9.5-.9 1l0 4.6c0 .7.7 1.2 1.4.9z"
            />
          </svg>
        </button>
      </form>
    </>
  );
}
