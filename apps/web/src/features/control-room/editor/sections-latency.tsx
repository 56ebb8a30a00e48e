import { LATENCY_MODES, type LatencyMode } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { SectionProps } from './show-editor.tsx';

/**
 * The show's latency mode (issue 24), as YouTube offers one: which playlist a fan's player is given
 * for the pushed feeds, with what each costs said beside the choice.
 */
export function LatencySection({ show, update }: SectionProps) {
  const { t } = useTranslation();
  const mode: LatencyMode = show.latency_mode ?? 'standard';
  return (
    <fieldset className="editor__section">
      <legend>{t('host-section-latency')}</legend>
      <SelectField
        label={t('host-field-latency-mode')}
        value={mode}
        onChange={(e) =>
          update((d) => {
            d.latency_mode = e.target.value as LatencyMode;
          })
        }
        options={LATENCY_MODES.map((m) => ({ value: m, label: t(`host-latency-${m}`) }))}
        data-testid="editor-latency-mode"
      />
      <ul className="field__hint" data-testid="editor-latency-costs">
        {LATENCY_MODES.map((m) => (
          <li key={m} aria-current={m === mode ? 'true' : undefined}>
            <strong>{t(`host-latency-${m}`)}</strong>: {t(`host-latency-${m}-cost`)}
          </li>
        ))}
      </ul>
      <p className="field__hint">{t('host-latency-note')}</p>
    </fieldset>
  );
}
