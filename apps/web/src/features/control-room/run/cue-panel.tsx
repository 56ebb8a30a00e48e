import {
  type Alert,
  type AlertInput,
  type LightstickSong,
  OVERLAY_PLACEMENTS,
  type OverlayPlacement,
} from '@encore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { showToast } from '../../../lib/store/toast-store.ts';
import { getCues, hostKeys } from '../api/host-api.ts';
import { sendAlert } from '../api/send-alert.ts';
import { ImageUpload } from '../image-upload.tsx';
import {
  chatAlert,
  clearOverlayAlert,
  clearSlateAlert,
  overlayAlert,
  showSongs,
  slateAlert,
} from './alert-forms.ts';
import { CueActions } from './cue-actions.tsx';
import { CueNow } from './cue-now.tsx';
import { LightstickCard } from './lightstick-card.tsx';

const placementKey = {
  'top-left': 'control-placement-top-left',
  'top-right': 'control-placement-top-right',
  'bottom-left': 'control-placement-bottom-left',
  'bottom-right': 'control-placement-bottom-right',
  center: 'control-placement-center',
} as const satisfies Record<OverlayPlacement, string>;

/**
 * Every cue (chat, overlay, slate, light-stick) with its current state, read back from the server
 * so that a reload shows it, and an explicit target per action: everyone, or one fan by username.
 * Chat off for everyone asks for a confirmation first.
 */
export function CuePanel({ slug, songs }: { slug: string; songs?: LightstickSong[] | undefined }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const cues = useQuery({
    queryKey: hostKeys.cues(slug),
    queryFn: () => getCues(slug),
    refetchInterval: 10_000,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [target, setTarget] = useState<'all' | 'fan'>('all');
  const [fan, setFan] = useState('');
  const [confirmChatOff, setConfirmChatOff] = useState(false);
  const [overlay, setOverlay] = useState({ msg: '', placement: 'center' as OverlayPlacement, duration: '' });
  const [slate, setSlate] = useState({ url: '', link: '', duration: '', endSlate: false });
  const f = target === 'fan' ? fan.trim() : '';
  const last = (type: Alert['type']) => cues.data?.cues.find((c) => c.alert.type === type);

  const publish = async (action: string, alert: AlertInput, at?: string) => {
    if (target === 'fan' && !f) {
      showToast({ kind: 'error', messageKey: 'host-target-missing' });
      return;
    }
    setBusy(action);
    try {
      await sendAlert(slug, f ? { ...alert, f } : alert, f ? undefined : at);
      showToast({ kind: 'success', messageKey: f ? 'host-sent-fan' : 'host-sent-all' });
      await queries.invalidateQueries({ queryKey: hostKeys.cues(slug) });
      await queries.invalidateQueries({ queryKey: hostKeys.timeline(slug) });
    } catch (error) {
      const status = isApiError(error) ? error.status : null;
      const messageKey =
        status === 404
          ? 'control-error-user'
          : status === 403
            ? 'control-error-role'
            : status === 400 && at
              ? 'control-error-moment'
              : 'control-error';
      showToast({ kind: 'error', messageKey });
    } finally {
      setBusy(null);
    }
  };
  const submit = (action: string, build: () => AlertInput) => (event: FormEvent) => {
    event.preventDefault();
    void publish(action, build());
  };
  const chatOn = cues.data?.chat_enabled ?? true;

  return (
    <div className="cue-panel" data-testid="control-room">
      <fieldset className="cue-target" data-testid="cue-target">
        <legend>{t('host-target')}</legend>
        <label className="cue-target__option">
          <input
            type="radio"
            name="cue-target"
            checked={target === 'all'}
            onChange={() => setTarget('all')}
          />
          {t('host-target-all')}
        </label>
        <label className="cue-target__option">
          <input
            type="radio"
            name="cue-target"
            checked={target === 'fan'}
            onChange={() => setTarget('fan')}
            data-testid="cue-target-fan"
          />
          {t('host-target-fan')}
        </label>
        {target === 'fan' && (
          <Field
            label={t('host-target-username')}
            value={fan}
            onChange={(e) => setFan(e.target.value)}
            data-testid="control-target"
            className="cue-target__user"
          />
        )}
      </fieldset>

      <section className="control-card" aria-labelledby="control-chat">
        <h2 id="control-chat">{t('control-chat-title')}</h2>
        <p className="cue-state" data-testid="cue-chat-state">
          <span className={`cue-dot ${chatOn ? 'cue-dot--on' : 'cue-dot--off'}`} aria-hidden="true" />
          {chatOn ? t('host-chat-is-on') : t('host-chat-is-off')}
        </p>
        {cues.data && cues.data.muted.length > 0 && (
          <ul className="cue-muted" data-testid="cue-muted">
            {cues.data.muted.map((m) => (
              <li key={m.username}>
                <span>{t('host-chat-off-for', { username: m.username })}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void sendAlert(slug, chatAlert(true, m.username)).then(() => cues.refetch())}
                >
                  {t('host-unmute')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <CueActions
          busy={busy}
          publish={publish}
          actions={[
            {
              action: 'chat-off',
              label: t('control-chat-off'),
              // The action that changes the state is the primary one: Turn chat off while it is on.
              variant: chatOn || f ? 'primary' : 'secondary',
              // Off for everyone asks first; off for one fan goes at once.
              onClick: () => (f ? void publish('chat-off', chatAlert(false)) : setConfirmChatOff(true)),
              testId: 'control-chat-off',
            },
            {
              action: 'chat-on',
              label: t('control-chat-on'),
              variant: chatOn && !f ? 'ghost' : 'primary',
              alert: () => chatAlert(true),
              testId: 'control-chat-on',
            },
          ]}
        />
      </section>

      <form
        className="control-card"
        onSubmit={submit('overlay', () => overlayAlert({ ...overlay, f: '' }))}
        aria-labelledby="control-overlay"
      >
        <h2 id="control-overlay">{t('control-overlay-title')}</h2>
        <CueNow cue={last('ud')} testId="cue-overlay-state" />
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
        <CueActions
          busy={busy}
          publish={publish}
          actions={[
            {
              action: 'overlay',
              label: t('control-overlay-send'),
              submit: true,
              testId: 'control-overlay-send',
            },
            {
              action: 'overlay-clear',
              label: t('control-overlay-clear'),
              variant: 'ghost',
              alert: clearOverlayAlert,
            },
          ]}
        />
      </form>

      <form
        className="control-card"
        onSubmit={submit('slate', () => slateAlert({ ...slate, f: '' }))}
        aria-labelledby="control-slate"
      >
        <h2 id="control-slate">{t('control-slate-title')}</h2>
        <CueNow cue={last('slate')} testId="cue-slate-state" />
        <ImageUpload
          label={t('control-slate-url')}
          value={slate.url}
          onChange={(url) => setSlate({ ...slate, url })}
          testId="control-slate-url"
          required
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
        <CueActions
          busy={busy}
          publish={publish}
          actions={[
            { action: 'slate', label: t('control-slate-send'), submit: true, testId: 'control-slate-send' },
            {
              action: 'slate-clear',
              label: t('control-slate-clear'),
              variant: 'ghost',
              alert: clearSlateAlert,
              testId: 'control-slate-clear',
            },
          ]}
        />
      </form>

      <LightstickCard
        songs={showSongs({ lightstick_songs: songs })}
        ownSongs={Boolean(songs?.length)}
        busy={busy}
        publish={publish}
        now={<CueNow cue={last('lightstick') ?? last('ls')} testId="cue-stick-state" />}
      />

      {confirmChatOff && (
        <Modal title={t('host-confirm-chat-off-title')} onClose={() => setConfirmChatOff(false)}>
          <p className="host-muted">{t('host-confirm-chat-off-body')}</p>
          <div className="control-card__row">
            <Button variant="ghost" onClick={() => setConfirmChatOff(false)}>
              {t('host-cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                setConfirmChatOff(false);
                void publish('chat-off', chatAlert(false));
              }}
              data-testid="control-chat-off-confirm"
            >
              {t('host-confirm-chat-off')}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
