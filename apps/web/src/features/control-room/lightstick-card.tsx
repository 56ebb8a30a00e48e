import type { AlertInput } from '@encore/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { lightstickAlert, lsAlert } from './alert-forms.ts';

interface LightstickCardProps {
  busy: string | null;
  publish: (action: string, alert: AlertInput) => Promise<void>;
}

/** Light-stick cues: a track (song, tempo, gradient) started and stopped, and light-sticks on with a timer. */
export function LightstickCard({ busy, publish }: LightstickCardProps) {
  const { t } = useTranslation();
  const [stick, setStick] = useState({ title: '', tempo: '120', timer: '10', gradient: false });
  return (
    <section className="control-card" aria-labelledby="control-stick">
      <h2 id="control-stick">{t('control-stick-title')}</h2>
      <div className="control-card__row">
        <Field
          label={t('control-stick-song')}
          value={stick.title}
          onChange={(e) => setStick({ ...stick, title: e.target.value })}
          data-testid="control-stick-song"
        />
        <Field
          label={t('control-stick-tempo')}
          type="number"
          min={40}
          max={240}
          value={stick.tempo}
          onChange={(e) => setStick({ ...stick, tempo: e.target.value })}
        />
      </div>
      <label className="control-card__check">
        <input
          type="checkbox"
          checked={stick.gradient}
          onChange={(e) => setStick({ ...stick, gradient: e.target.checked })}
        />
        {t('control-stick-gradient')}
      </label>
      <div className="control-card__row">
        <Button
          busy={busy === 'stick-start'}
          onClick={() =>
            void publish(
              'stick-start',
              lightstickAlert('start', {
                title: stick.title,
                tempo: Number(stick.tempo) || 120,
                gradient: stick.gradient,
              }),
            )
          }
          data-testid="control-stick-start"
        >
          {t('control-stick-start')}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'stick-stop'}
          onClick={() =>
            void publish('stick-stop', lightstickAlert('stop', { title: '', tempo: 120, gradient: false }))
          }
          data-testid="control-stick-stop"
        >
          {t('control-stick-stop')}
        </Button>
      </div>
      <div className="control-card__row control-card__row--divided">
        <Field
          label={t('control-stick-timer')}
          type="number"
          min={1}
          max={3600}
          value={stick.timer}
          onChange={(e) => setStick({ ...stick, timer: e.target.value })}
        />
      </div>
      <div className="control-card__row">
        <Button
          variant="secondary"
          busy={busy === 'ls-on'}
          onClick={() => void publish('ls-on', lsAlert(true, stick.timer))}
        >
          {t('control-ls-on')}
        </Button>
        <Button
          variant="ghost"
          busy={busy === 'ls-off'}
          onClick={() => void publish('ls-off', lsAlert(false, ''))}
        >
          {t('control-ls-off')}
        </Button>
      </div>
    </section>
  );
}
