import type { EnterEventResponse, ViewerTab } from '@encore/contract';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPointerEnvironment, isHandheld } from '../../lib/device/handheld.ts';
import type { MessageKey } from '../../lib/i18n/locales/en.ts';
import { useRealtimeStatus } from '../../lib/realtime/realtime.ts';
import { useSessionStore } from '../../lib/store/session-store.ts';
import { useNowUntil } from '../../lib/time/use-now.ts';
import { useAlertStore, useShowAlerts } from '../alerts/alert-store.ts';
import { LightstickStatus } from '../alerts/lightstick-status.tsx';
import { useCheerSender } from '../cheer/cheer-store.ts';
import { ReactTab } from '../cheer/react-tab.tsx';
import { LightstickPairing } from '../lightstick/lightstick-pairing.tsx';
import { MerchShop } from '../merch/merch-shop.tsx';
import { MerchTab } from '../merch/merch-tab.tsx';
import { ShowExtras } from '../merch/show-extras.tsx';
import { PinnedStickers } from '../stickers/pinned-stickers.tsx';
import { StickerTab } from '../stickers/sticker-tab.tsx';
import { ChatComposer } from './chat-composer.tsx';
import { useIosKeyboardInset } from './ios-keyboard.ts';
import { JoinNotice } from './join-notice.tsx';
import { MessageList } from './message-list.tsx';
import { RestrictionBanner } from './restriction-banner.tsx';
import { useHangChat } from './use-hang-chat.ts';
import { showsTabStrip, tabKeyTarget, viewerTabs } from './viewer-tabs.ts';
import './chat.css';

export type ChatColumnProps = {
  entry: EnterEventResponse;
  /** DEV-03: chat is off while more than one device of the ticket is connected. */
  chatDisabled: boolean;
};

const TAB_LABELS: Record<ViewerTab, MessageKey> = {
  chat: 'chat-tab-chat',
  stickers: 'chat-tab-stickers',
  merch: 'chat-tab-merch',
  react: 'chat-tab-react',
};

/**
 * The chat column of the viewer page (viewing section 2): the tabs the event configuration lists,
 * chat, stickers, merch and react (LAY-07, LAY-08), with a tab strip only when there is a choice
 * (LAY-09). The hang is joined whatever tab is open: the stickers tab sends through it.
 */
export function ChatColumn({ entry, chatDisabled }: ChatColumnProps) {
  const { t } = useTranslation();
  useShowAlerts(entry);
  const chat = useHangChat(entry, { chatDisabled });
  const user = useSessionStore((s) => s.user);
  // Re-renders when a send lock ends, so that the sticker tab unlocks with the composer.
  const lockNow = useNowUntil(chat.lockedUntil, 1000);
  const hostChatOn = useAlertStore((s) => s.chatEnabled);
  const connection = useRealtimeStatus();
  const config = entry.show.event_config;
  const tabs = useMemo(() => viewerTabs(config), [config]);
  const [tab, setTab] = useState<ViewerTab>(tabs[0] ?? 'chat');
  // The stickers tab stays mounted once opened, so what the fan picked there is kept between visits.
  const [stickersOpened, setStickersOpened] = useState(tab === 'stickers');
  const open = (name: ViewerTab) => {
    if (name === 'stickers') setStickersOpened(true);
    setTab(name);
  };
  const panelRef = useRef<HTMLElement>(null);
  useIosKeyboardInset(panelRef);
  // STK-36: pinning only on non-mobile devices.
  const pinning = useMemo(() => !isHandheld(currentPointerEnvironment()), []);
  const joined = chat.join.status === 'joined';
  // The react tab's taps go to the wall through the hang joined here (CHR-08, CHR-12).
  useCheerSender(chat.join.status === 'joined' ? chat.join.hang : null);
  const disabledReason = chatDisabled ? 'devices' : joined ? null : 'joining';

  return (
    <section
      className="chat-column"
      ref={panelRef}
      data-testid="chat-column"
      data-disabled={chatDisabled}
      data-pinning={pinning}
      aria-label={t('chat-title')}
    >
      <header className="chat-column__head">
        {showsTabStrip(tabs) && (
          <div
            className="chat-tabs"
            role="tablist"
            aria-label={t('chat-title')}
            data-testid="chat-tabs"
            onKeyDown={(e) => {
              // WAI-ARIA tabs: arrows move between tabs and open them, Home and End to the ends (issue 14).
              const next = tabKeyTarget(tabs, tab, e.key);
              if (!next) return;
              e.preventDefault();
              open(next);
              e.currentTarget.querySelector<HTMLElement>(`#chat-tab-${next}`)?.focus();
            }}
          >
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`chat-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`chat-panel-${name}`}
                tabIndex={tab === name ? 0 : -1}
                className={`chat-tabs__tab${tab === name ? ' is-active' : ''}`}
                onClick={() => open(name)}
                data-testid={`chat-tab-${name}`}
              >
                {t(TAB_LABELS[name])}
              </button>
            ))}
          </div>
        )}
        {joined && (
          <span className="chat-column__active" data-testid="chat-active" title={t('chat-active-label')}>
            <span className="chat-column__dot" aria-hidden="true" />
            {t('chat-active', { count: chat.numberActive })}
          </span>
        )}
      </header>

      <LightstickStatus />
      <div className="chat-extras">
        <LightstickPairing />
        <ShowExtras config={config} artist={entry.show.artist_name} />
      </div>

      {(connection === 'reconnecting' || (connection === 'idle' && joined)) && (
        <p className="chat-banner chat-banner--warn" role="alert" data-testid="chat-connection-failed">
          {t('chat-connection-failed')}
        </p>
      )}
      {chatDisabled && (
        <p className="chat-banner" role="status" data-testid="chat-disabled-devices">
          {t('chat-disabled-devices')}
        </p>
      )}
      {!hostChatOn && (
        <p className="chat-banner" role="status" data-testid="chat-host-off">
          {t('chat-host-off')}
        </p>
      )}
      <RestrictionBanner restriction={chat.restriction} slowModeSeconds={chat.slowModeSeconds} />
      {chat.sendError && (
        <p className="chat-banner chat-banner--warn" role="alert" data-testid="chat-send-error">
          {t('chat-send-error')}
        </p>
      )}

      <div
        className="chat-column__body"
        hidden={tab !== 'chat'}
        role="tabpanel"
        id="chat-panel-chat"
        aria-labelledby={showsTabStrip(tabs) ? 'chat-tab-chat' : undefined}
      >
        {chat.join.status === 'failed' ? (
          <JoinNotice code={chat.join.code} onRetry={chat.retry} />
        ) : (
          <>
            {/* Mounted once joined: the join's history is then in the list and is not pinned. */}
            {pinning && joined && <PinnedStickers messages={chat.messages} />}
            <MessageList
              messages={chat.messages}
              myName={user?.username}
              hangId={chat.join.status === 'joined' ? chat.join.hang.id : null}
              onReported={chat.markReported}
              onResend={chat.resend}
            />
          </>
        )}
      </div>
      {stickersOpened && (
        <div
          className="chat-column__body"
          hidden={tab !== 'stickers'}
          role="tabpanel"
          id="chat-panel-stickers"
          aria-labelledby="chat-tab-stickers"
        >
          <StickerTab
            paidEventName={entry.ticket.paid_event_name}
            storeName={entry.show.artist_name}
            disabled={disabledReason !== null || chat.lockedUntil > lockNow}
            onSend={(sticker) => {
              const result = chat.send('', sticker);
              if (result === 'blocked') return false;
              setTab('chat');
              return true;
            }}
          />
        </div>
      )}
      {tab === 'merch' && (
        <div
          className="chat-column__body chat-column__body--scroll"
          role="tabpanel"
          id="chat-panel-merch"
          aria-labelledby="chat-tab-merch"
        >
          {config.merch?.product_ids?.length ? (
            <MerchShop productIds={config.merch.product_ids} />
          ) : (
            <MerchTab items={config.merch?.items ?? []} />
          )}
        </div>
      )}
      {tab === 'react' && (
        <div
          className="chat-column__body chat-column__body--scroll"
          role="tabpanel"
          id="chat-panel-react"
          aria-labelledby="chat-tab-react"
        >
          <ReactTab cheer={config.cheer} />
        </div>
      )}
      {tab === 'chat' && (
        <ChatComposer
          disabledReason={disabledReason}
          lockedUntil={chat.lockedUntil}
          lockedBy={chat.lockedBy}
          restriction={chat.restriction}
          slowUntil={chat.slowUntil}
          onSend={(text) => chat.send(text)}
        />
      )}
    </section>
  );
}
