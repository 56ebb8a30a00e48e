import { type AlertInput, OVERLAY_PLACEMENTS, type OverlayPlacement } from '@encore/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { useSessionStore } from '../../lib/store/session-store.ts';
import { showToast } from '../../lib/store/toast-store.ts';
import { chatAlert, clearOverlayAlert, clearSlateAlert, overlayAlert, slateAlert } from './alert-forms.ts';
import { sendAlert } from './api/send-alert.ts';
import { BroadcastPanel } from './broadcast/broadcast-panel.tsx';
import { LightstickCard } from './lightstick-card.tsx';
import { AuditLogPanel, ModerationPanel } from './moderation/index.ts';
import { ModeratorRoom } from './moderation/moderator-room.tsx';
import './control-room.css';

const placementKey = {
  'top-left': 'control-placement-top-left',
  'top-right': 'control-placement-top-right',
  'bottom-left': 'control-placement-bottom-left',
  'bottom-right': 'control-placement-bottom-right',
  center: 'control-placement-center',
} as const satisfies Record<OverlayPlacement, string>;

/** The host's control room for one show (/control/:slug): alerts to every fan, or to one username. */
export function ControlRoomPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const role = useSessionStore((s) => s.user?.role);
  const [busy, setBusy] = useState<string | null>(null);
  const [f, setF] = useState('');
  const [overlay, setOverlay] = useState({ msg: '', placement: 'center' as OverlayPlacement, duration: '' });
  const [slate, setSlate] = useState({ url: '', link: '', duration: '', endSlate: false });

  // Moderation (issue 13): a moderator of this show gets its moderation panels, not the host's cues.
  if (role === 'fan') return <ModeratorRoom slug={slug} />;
  if (role !== 'host') {
    return (
      <main className="control-room control-room--refused" data-testid="control-refused">
        <h1>{t('control-refused-title')}</h1>
        <p>{role ? t('control-refused-body') : t('control-refused-login')}</p>
        <Link className="btn btn--secondary btn--md" to="/">
          {t('control-back-home')}
        </Link>
      </main>
    );
  }

  const publish = async (action: string, alert: AlertInput) => {
    setBusy(action);
    try {
      await sendAlert(slug, alert);
      showToast({ kind: 'success', messageKey: 'control-sent' });
    } catch (error) {
      const status = isApiError(error) ? error.status : null;
      const messageKey =
        status === 404 ? 'control-error-user' : status === 403 ? 'control-error-role' : 'control-error';
      showToast({ kind: 'error', messageKey });
    } finally {
      setBusy(null);
    }
  };
  const submit = (action: string, build: () => AlertInput) => (event: FormEvent) => {
    event.preventDefault();
    void publish(action, build());
  };

  return (
    <main className="control-room" data-testid="control-room">
      <header className="control-room__head">
        <div>
          <p className="control-room__eyebrow">{t('control-eyebrow')}</p>
          <h1 className="control-room__title">{slug}</h1>
        </div>
        <Field
          label={t('control-target')}
          hint={t('control-target-hint')}
          value={f}
          onChange={(e) => setF(e.target.value)}
          data-testid="control-target"
          className="control-room__target"
        />
      </header>

      <div className="control-grid">
        <section className="control-card" aria-labelledby="control-chat">
          <h2 id="control-chat">{t('control-chat-title')}</h2>
          <p className="control-card__help">{t('control-chat-help')}</p>
          <div className="control-card__row">
            <Button
              variant="secondary"
              busy={busy === 'chat-off'}
              onClick={() => void publish('chat-off', chatAlert(false, f))}
              data-testid="control-chat-off"
            >
              {t('control-chat-off')}
            </Button>
            <Button
              busy={busy === 'chat-on'}
              onClick={() => void publish('chat-on', chatAlert(true, f))}
              data-testid="control-chat-on"
            >
              {t('control-chat-on')}
            </Button>
          </div>
        </section>

        <form
          className="control-card"
          onSubmit={submit('overlay', () => overlayAlert({ ...overlay, f }))}
          aria-labelledby="control-overlay"
        >
          <h2 id="control-overlay">{t('control-overlay-title')}</h2>
          <label className="control-card__label" htmlFor="control-overlay-msg">
            {t('control-overlay-msg')}
          </label>
          <textarea
            id="control-overlay-msg"
            className="control-card__textarea"
            value={overlay.msg}
            maxLength={500}
            required
            onChange={(e) => setOverlay({ ...overlay, msg: e.target.value })}
            placeholder={t('control-overlay-placeholder')}
            data-testid="control-overlay-msg"
          />
          <div className="control-card__row">
            <SelectField
              label={t('control-overlay-placement')}
              value={overlay.placement}
              onChange={(e) => setOverlay({ ...overlay, placement: e.target.value as OverlayPlacement })}
              options={OVERLAY_PLACEMENTS.map((p) => ({ value: p, label: t(placementKey[p]) }))}
              data-testid="control-overlay-placement"
            />
            <Field
              label={t('control-duration')}
              type="number"
              min={1}
              max={300}
              value={overlay.duration}
              placeholder="300"
              onChange={(e) => setOverlay({ ...overlay, duration: e.target.value })}
              data-testid="control-overlay-duration"
            />
          </div>
          <div className="control-card__row">
            <Button type="submit" busy={busy === 'overlay'} data-testid="control-overlay-send">
              {t('control-overlay-send')}
            </Button>
            <Button
              variant="ghost"
              busy={busy === 'overlay-clear'}
              onClick={() => void publish('overlay-clear', clearOverlayAlert(f))}
            >
              {t('control-overlay-clear')}
            </Button>
          </div>
        </form>

        <form
          className="control-card"
          onSubmit={submit('slate', () => slateAlert({ ...slate, f }))}
          aria-labelledby="control-slate"
        >
          <h2 id="control-slate">{t('control-slate-title')}</h2>
          <Field
            label={t('control-slate-url')}
            type="url"
            required
            value={slate.url}
            onChange={(e) => setSlate({ ...slate, url: e.target.value })}
            data-testid="control-slate-url"
          />
          <Field
            label={t('control-slate-link')}
            type="url"
            value={slate.link}
            onChange={(e) => setSlate({ ...slate, link: e.target.value })}
            data-testid="control-slate-link"
          />
          <div className="control-card__row">
            <Field
              label={t('control-duration')}
              type="number"
              min={1}
              max={300}
              value={slate.duration}
              placeholder="300"
              onChange={(e) => setSlate({ ...slate, duration: e.target.value })}
            />
            <label className="control-card__check">
              <input
                type="checkbox"
                checked={slate.endSlate}
                onChange={(e) => setSlate({ ...slate, endSlate: e.target.checked })}
                data-testid="control-slate-end"
              />
              {t('control-slate-end')}
            </label>
          </div>
          <div className="control-card__row">
            <Button type="submit" busy={busy === 'slate'} data-testid="control-slate-send">
              {t('control-slate-send')}
            </Button>
            <Button
              variant="ghost"
              busy={busy === 'slate-clear'}
              onClick={() => void publish('slate-clear', clearSlateAlert(f))}
              data-testid="control-slate-clear"
            >
              {t('control-slate-clear')}
            </Button>
          </div>
        </form>

        <LightstickCard busy={busy} publish={publish} />
        {/* Live ingest (issue 11); the lead moves it into the control-room shell. */}
        <BroadcastPanel slug={slug} />
      </div>
      <ModerationPanel slug={slug} />
      <AuditLogPanel slug={slug} />
    </main>
  );
}
