import {
  BANDWIDTH_MBPS,
  DEFAULT_DOORS_BEFORE_START_MS,
  doorsMinutesBefore,
  LIMITS,
  type Locale,
  TICKETS_ON_SALE_FROM,
  ticketSaleState,
} from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config/config-context.tsx';
import type { MessageKey } from '../../../lib/i18n/locales/en.ts';
import { useUiStore } from '../../../lib/store/ui-store.ts';
import { dualDateTime, sameAsShowZone } from '../../../lib/time/show-time.ts';
import { useNowUntil } from '../../../lib/time/use-now.ts';
import { itemName, levelItems } from '../../tickets/ticket-item-name.ts';

const STEPS: { title: MessageKey; body: MessageKey }[] = [
  { title: 'access-step-1-title', body: 'access-step-1-body' },
  { title: 'access-step-2-title', body: 'access-step-2-body' },
  { title: 'access-step-3-title', body: 'access-step-3-body' },
];

const REQUIREMENTS: { label: MessageKey; value: MessageKey; icon: string }[] = [
  { label: 'requirements-os', value: 'requirements-os-value', icon: 'M4 5h16v11H4zM9 20h6M12 16v4' },
  {
    label: 'requirements-browser',
    value: 'requirements-browser-value',
    icon: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  },
  {
    label: 'requirements-bandwidth',
    value: 'requirements-bandwidth-value',
    icon: 'M2.5 9a15 15 0 0 1 19 0M5.5 12.5a10 10 0 0 1 13 0M8.5 16a5 5 0 0 1 7 0M12 19.5v.01',
  },
  {
    label: 'requirements-quality',
    value: 'requirements-quality-value',
    icon: 'M3 6h18v12H3zM7 10v4M7 12h3M10 10v4M14 10h2.5a1.5 1.5 0 0 1 0 4H14z',
  },
];

/**
 * The sale sentence: a start still ahead with its date and time in the fan's zone and KST; one
 * passed says tickets are on sale (issue 26: "on sale from Wed, Sep 16, 2020" read as a future date).
 */
export function onSaleText(
  saleFrom: string,
  now: number,
  locale: Locale,
  event?: Parameters<typeof ticketSaleState>[0],
): { key: 'access-on-sale' | 'access-on-sale-now' | 'access-sale-ended'; when?: string } {
  const state = event
    ? ticketSaleState(event, new Date(now))
    : Date.parse(saleFrom) > now
      ? 'before'
      : 'open';
  if (state === 'before') return { key: 'access-on-sale', when: dualDateTime(saleFrom, locale) };
  return { key: state === 'open' ? 'access-on-sale-now' : 'access-sale-ended' };
}

/** The livestream access and system requirements block of the landing page (accounts section 1). */
export function LivestreamAccess() {
  const { t } = useTranslation();
  const locale = useUiStore((s) => s.locale);
  const next = useConfig().shows[0];
  // The current show's own doors (CONST-01 decided): 30 minutes without an event_enter_time.
  const doorsMinutes = next ? doorsMinutesBefore(next) : DEFAULT_DOORS_BEFORE_START_MS / 60_000;
  // The show's own sale start when its host set one (control room), else the platform's (CONST-07).
  const saleFrom = next?.event.sale_start_time ?? TICKETS_ON_SALE_FROM;
  const saleAt = Date.parse(saleFrom);
  // Ticks once at the sale start, so the sentence turns from "from <date>" to "on sale now" then.
  const now = useNowUntil(saleAt, 60_000);
  const saleText = onSaleText(saleFrom, now, locale, next?.event);
  // The statement says how times are shown where the fan is (issue 26: it said "all in KST" above
  // cards leading with the fan's own time): in Korea's clock KST alone, elsewhere own first, KST beside.
  const inKorea = sameAsShowZone(next?.event.event_start_time ?? saleFrom);
  // The two levels under the names the show sells them as (issue 26), the spec's terms otherwise.
  const levels = levelItems(next?.ticket_items);
  const hdName = itemName(levels.hd, locale) ?? t('access-tier-hd-title');
  const uhdName = itemName(levels.uhd, locale) ?? t('access-tier-4k-title');

  return (
    <section className="access container" data-testid="livestream-access" aria-labelledby="access-title">
      <div className="access__main">
        <h2 className="section-title" id="access-title">
          {t('access-title')}
        </h2>
        <p className="section-lead">{t('access-intro')}</p>
        <ol className="steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="step__title">{t(step.title)}</h3>
                <p className="step__body">{t(step.body, { minutes: doorsMinutes })}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="tiers">
          <div className="tier">
            <span className="tier__badge">HD</span>
            <h3 className="tier__title" data-testid="tier-hd-name">
              {hdName}
            </h3>
            <p>{t('access-tier-hd-body')}</p>
          </div>
          <div className="tier tier--uhd">
            <span className="tier__badge">4K</span>
            <h3 className="tier__title" data-testid="tier-4k-name">
              {uhdName}
            </h3>
            <p>{t('access-tier-4k-body', { hd: hdName })}</p>
          </div>
        </div>
        <p className="access__devices">{t('access-devices', { count: LIMITS.devicesPerTicket })}</p>
        <p className="access__devices" data-testid="tickets-on-sale">
          {t(saleText.key, { when: saleText.when })}
        </p>
        <p className="access__devices" data-testid="times-in-kst">
          {t(inKorea ? 'access-times-kst' : 'access-times-local')}
        </p>
      </div>

      <section
        className="requirements card"
        data-testid="system-requirements"
        aria-labelledby="requirements-title"
      >
        <h2 className="requirements__title" id="requirements-title">
          {t('requirements-title')}
        </h2>
        <dl className="requirements__list">
          {REQUIREMENTS.map((row) => (
            <div className="requirements__row" key={row.label} data-testid={row.label}>
              <svg
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              >
                <path d={row.icon} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <dt>{t(row.label)}</dt>
              <dd>{t(row.value, { hd: BANDWIDTH_MBPS.hd, uhd: BANDWIDTH_MBPS.uhd })}</dd>
            </div>
          ))}
        </dl>
      </section>
    </section>
  );
}
