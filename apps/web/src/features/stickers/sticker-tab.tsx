import type { CatalogItem, CatalogItemBase } from '@encore/contract';
import { CHAT_TIMINGS_MS, httpsImage } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeText } from '../../lib/i18n/locale-text.ts';
import { showToast } from '../../lib/store/toast-store.ts';
import { useUiStore } from '../../lib/store/ui-store.ts';
import { useNowUntil } from '../../lib/time/use-now.ts';
import { catalogErrorKey } from './catalog-error.ts';
import { CountdownCircle } from './countdown-circle.tsx';
import { cooldownRemainingMs, readStickerSentAt, writeStickerSentAt } from './sticker-cooldown.ts';
import { PURCHASED_MESSAGE_MS } from './sticker-purchase.ts';
import { StickerPurchaseModal } from './sticker-purchase-modal.tsx';
import { useStickerStore } from './use-sticker-store.ts';
import './stickers.css';

export interface StickerTabProps {
  paidEventName: string;
  /** The store header's name (STK-02, decided: the show's artist, docs/decisions.md). */
  storeName: string;
  /** Sends the sticker as a toss; false when chat refused it (locked, joining, several devices). */
  onSend: (sticker: { sticker_id: string; display_image: string }) => boolean;
  disabled: boolean;
}

const price = (item: CatalogItemBase) => `${item.sale_currency_symbol}${item.price_display}`;

/** The sticker store of the chat panel (viewing section 2, STK rows): packs, stickers, SEND, cooldown. */
export function StickerTab({ paidEventName, storeName, onSend, disabled }: StickerTabProps) {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const store = useStickerStore(paidEventName);
  const [sentAt, setSentAt] = useState(readStickerSentAt);
  const [selected, setSelected] = useState<string | null>(null);
  const [buying, setBuying] = useState<{ item: CatalogItemBase; afterNewCard: boolean } | null>(null);
  // The item whose purchase waits for Payment Info: its modal opens again once that closes (STK-19).
  const [awaitingCard, setAwaitingCard] = useState<CatalogItemBase | null>(null);
  const authMode = useUiStore((s) => s.authMode);
  const setAuthMode = useUiStore((s) => s.setAuthMode);
  const queryClient = useQueryClient();
  const now = useNowUntil(sentAt === null ? 0 : sentAt + CHAT_TIMINGS_MS.stickerCooldown, 250);
  const remaining = cooldownRemainingMs(sentAt, now);
  const cooling = remaining > 0;

  const send = (sticker: CatalogItemBase) => {
    // STK-27: SEND does nothing while the cooldown runs.
    if (cooling || disabled) return;
    const sent = onSend({ sticker_id: sticker.item_id, display_image: sticker.display_image });
    if (!sent) return;
    // STK-25: the selection is cleared once sent.
    setSelected(null);
    const at = Date.now();
    writeStickerSentAt(at);
    setSentAt(at);
  };

  useEffect(() => {
    if (!awaitingCard || authMode === 'ADD_PAYMENT') return;
    setBuying({ item: awaitingCard, afterNewCard: true });
    setAwaitingCard(null);
  }, [authMode, awaitingCard]);

  const buy = (item: CatalogItemBase) => setBuying({ item, afterNewCard: false });
  const addPayment = () => {
    if (!buying) return;
    // STK-15: the purchase modal closes and the auth mode becomes ADD_PAYMENT (Payment Info).
    setAuthMode('ADD_PAYMENT');
    setAwaitingCard(buying.item);
    setBuying(null);
  };
  const purchased = () => {
    // STK-20: the message for 4 s, the store read again (the sticker turns to SEND), the modal closed.
    // A whole pack is named as one (issue 26: "this sticker" after buying a pack).
    const pack = store.data?.packs.find((p) => p.item_id === buying?.item.item_id);
    showToast({
      kind: 'success',
      ...(pack
        ? {
            messageKey: 'sticker-pack-purchased',
            params: { name: localeText(pack.display_name, locale, pack.item_id) },
          }
        : { messageKey: 'sticker-purchased' }),
      durationMs: PURCHASED_MESSAGE_MS,
    });
    void queryClient.invalidateQueries({ queryKey: ['sticker-store', paidEventName] });
    setBuying(null);
  };

  if (store.isPending) {
    return (
      <div className="sticker-tab sticker-tab--state" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }
  if (store.isError) {
    return (
      <div className="sticker-tab sticker-tab--state" role="alert">
        <p data-testid="sticker-load-error">{t(catalogErrorKey(store.error))}</p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void store.refetch()}>
          {t('sticker-retry')}
        </button>
      </div>
    );
  }
  const { packs, owned } = store.data;

  return (
    <div className="sticker-tab" data-testid="sticker-tab">
      <h2 className="sticker-tab__store" data-testid="sticker-store-name">
        {t('sticker-store-name', { artist: storeName })}
      </h2>
      {cooling && <CountdownCircle remainingMs={remaining} />}
      {buying && (
        <StickerPurchaseModal
          key={`${buying.item.item_id}-${buying.afterNewCard}`}
          item={buying.item}
          afterNewCard={buying.afterNewCard}
          onClose={() => setBuying(null)}
          onAddPayment={addPayment}
          onPurchased={purchased}
        />
      )}
      {packs.length === 0 && <p className="sticker-tab__empty">{t('sticker-none')}</p>}
      {packs.map((pack: CatalogItem) => {
        const packOwned = owned.has(pack.item_id);
        return (
          <section key={pack.item_id} className="sticker-pack" data-testid="sticker-pack">
            <header className="sticker-pack__head">
              <h3 className="sticker-pack__name">
                {t('sticker-pack-name', {
                  name: localeText(pack.display_name, locale, pack.item_id),
                  count: pack.item_list.length,
                })}
              </h3>
              {packOwned ? (
                <span className="sticker-pack__owned">{t('sticker-owned')}</span>
              ) : (
                <button
                  type="button"
                  className="sticker-pack__buy"
                  onClick={() => buy(pack)}
                  data-testid="sticker-buy-all"
                >
                  {t('sticker-buy-all')} · {price(pack)}
                </button>
              )}
            </header>
            {localeText(pack.display_description, locale) && (
              <p className="sticker-pack__description" data-testid="sticker-pack-description">
                {localeText(pack.display_description, locale)}
              </p>
            )}
            <ul className="sticker-grid">
              {pack.item_list.map((sticker) => {
                const mine = owned.has(sticker.item_id);
                const name = localeText(sticker.display_name, locale, sticker.item_id);
                return (
                  <li
                    key={sticker.item_id}
                    className={`sticker-card${selected === sticker.item_id ? ' is-selected' : ''}`}
                    data-testid="sticker-card"
                    data-sticker-id={sticker.item_id}
                  >
                    {/* A tap picks the sticker: it is shown larger, ready to SEND. */}
                    <button
                      type="button"
                      className="sticker-card__pick"
                      aria-pressed={selected === sticker.item_id}
                      onClick={() => setSelected(selected === sticker.item_id ? null : sticker.item_id)}
                      data-testid="sticker-pick"
                    >
                      <img src={httpsImage(sticker.display_image) ?? ''} alt="" width={72} height={72} />
                      <span className="sticker-card__name">{name}</span>
                    </button>
                    {mine ? (
                      <button
                        type="button"
                        className="sticker-card__send"
                        onClick={() => send(sticker)}
                        disabled={cooling || disabled}
                        data-testid="sticker-send"
                        aria-label={t('sticker-send-label', { name })}
                      >
                        {t('sticker-send')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="sticker-card__price"
                        onClick={() => buy(sticker)}
                        data-testid="sticker-price"
                      >
                        {price(sticker)}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
