import { WAITING_ROOM_LIMITS, type WaitingRoomSettings, type WaitingRoomState } from '@encore/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { formatCount } from '../../../lib/format/format-count.ts';
import { getWaitingRoom, saveWaitingRoom } from '../api/host-api.ts';

const REFRESH_MS = 2000;

const settingsOf = (s: WaitingRoomState): WaitingRoomSettings => ({
  rate_per_second: s.rate_per_second,
  max_active: s.max_active,
  policy: s.policy,
  paused: s.paused,
  prequeue_minutes: s.prequeue_minutes,
});

/**
 * The waiting room in the Run screen (issue 28): the line now (waiting, let in per second, the last
 * in line's wait, fans inside), and the host's controls: the rate, the most fans inside, the
 * pre-queue's order, and pause / resume, applied to every node within two seconds.
 */
export function WaitingRoomCard({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<WaitingRoomState | null>(null);
  const [draft, setDraft] = useState<{ rate: string; maxActive: string; policy: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    const load = () =>
      getWaitingRoom(slug).then(
        (s) => alive && setState(s),
        () => alive && setError(t('wr-load-error')),
      );
    void load();
    const timer = window.setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [slug, t]);

  const form =
    draft ??
    (state
      ? { rate: String(state.rate_per_second), maxActive: String(state.max_active), policy: state.policy }
      : null);
  const save = async (change: Partial<WaitingRoomSettings>) => {
    if (!state) return;
    setBusy(true);
    setError(null);
    try {
      const next = await saveWaitingRoom(slug, { ...settingsOf(state), ...change });
      setState(next);
      setDraft(null);
    } catch {
      setError(t('wr-save-error'));
    } finally {
      setBusy(false);
    }
  };
  const n = (v: number) => formatCount(v, i18n.language);
  // A rate may be a fraction (one fan every 20 s is 0.05/s): counts are whole, rates are not.
  const perSecond = (v: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(v);
  const rate = Number(form?.rate);
  const maxActive = Number(form?.maxActive);
  const valid =
    rate >= WAITING_ROOM_LIMITS.rateMin &&
    rate <= WAITING_ROOM_LIMITS.rateMax &&
    Number.isInteger(maxActive) &&
    maxActive >= 1;

  return (
    <section className="control-card waiting-room-card" aria-labelledby="wr-title" data-testid="wr-card">
      <h2 id="wr-title">{t('wr-title')}</h2>
      {state && (
        <dl className="figure-tiles">
          <div className="figure-tile">
            <dt>{t('wr-queue')}</dt>
            <dd data-testid="wr-queue">{n(state.queue_length)}</dd>
          </div>
          <div className="figure-tile">
            <dt>{t('wr-rate')}</dt>
            <dd data-testid="wr-rate">
              {state.paused ? t('wr-paused-short') : perSecond(state.effective_rate)}
            </dd>
          </div>
          <div className="figure-tile">
            <dt>{t('wr-wait')}</dt>
            <dd data-testid="wr-wait">
              {state.estimated_wait_s === null ? '—' : t('wr-seconds', { n: n(state.estimated_wait_s) })}
            </dd>
          </div>
          <div className="figure-tile">
            <dt>{t('wr-active')}</dt>
            <dd data-testid="wr-active">{`${n(state.active)} / ${n(state.max_active)}`}</dd>
          </div>
        </dl>
      )}
      {state && state.auto_factor < 1 && (
        <p className="host-muted" data-testid="wr-lowered">
          {t('wr-lowered', {
            factor: Math.round(state.auto_factor * 100),
            by: state.saturated_by.join(', '),
          })}
        </p>
      )}
      {state && form && (
        <form
          className="control-card__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid)
              void save({
                rate_per_second: rate,
                max_active: maxActive,
                policy: form.policy as WaitingRoomSettings['policy'],
              });
          }}
        >
          <Field
            label={t('wr-rate-input')}
            type="number"
            min={WAITING_ROOM_LIMITS.rateMin}
            step="any"
            value={form.rate}
            onChange={(e) => setDraft({ ...form, rate: e.target.value })}
            data-testid="wr-rate-input"
          />
          <Field
            label={t('wr-max-active')}
            type="number"
            min={1}
            value={form.maxActive}
            onChange={(e) => setDraft({ ...form, maxActive: e.target.value })}
            data-testid="wr-max-active"
          />
          <SelectField
            label={t('wr-policy')}
            value={form.policy}
            onChange={(e) => setDraft({ ...form, policy: e.target.value })}
            options={[
              { value: 'random', label: t('wr-policy-random') },
              { value: 'arrival', label: t('wr-policy-arrival') },
            ]}
          />
          <Button type="submit" variant="secondary" disabled={!valid || busy} data-testid="wr-apply">
            {t('wr-apply')}
          </Button>
        </form>
      )}
      {state && (
        <Button
          variant={state.paused ? 'primary' : 'secondary'}
          busy={busy}
          disabled={busy}
          onClick={() => void save({ paused: !state.paused })}
          data-testid="wr-pause"
        >
          {state.paused ? t('wr-resume') : t('wr-pause')}
        </Button>
      )}
      {error && (
        <p role="alert" className="host-error">
          {error}
        </p>
      )}
    </section>
  );
}
